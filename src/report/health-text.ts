/** Transitional: what main.ts imports until it holds the table of operations (then this file goes). */
export { itemProblemsText } from './item-problems.js'
export { headline } from './list-verdict.js'
export { lostAnswerText } from './resume.js'
