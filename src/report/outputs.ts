/** Transitional: what main.ts imports until it holds the table of operations (then this file goes). */
export { failureOf, outputsOf } from './summary.js'
