/**
 * Imported first by index.ts, before anything bundled is evaluated. Node defines globalThis.Headers as a getter that
 * loads Node's own copy of undici (11-40 ms on a runner); the bundled undici's cookie module reads it at load only to
 * also accept Node's Headers in functions this action never calls. Hidden until the bundle has loaded, then put back.
 */
const globalHeaders = Object.getOwnPropertyDescriptor(globalThis, 'Headers')
if (globalHeaders?.configurable === true && globalHeaders.get !== undefined) {
  Object.defineProperty(globalThis, 'Headers', { value: undefined, configurable: true, writable: true })
}

/** Puts globalThis.Headers back as Node defined it (still lazy: nothing loads until something reads it). */
export function restoreHeaders(): void {
  if (globalHeaders !== undefined) Object.defineProperty(globalThis, 'Headers', globalHeaders)
}
