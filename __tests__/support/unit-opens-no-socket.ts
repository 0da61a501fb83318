/**
 * Loaded before every test file (jest.config.js setupFilesAfterEnv): a test under __tests__/unit/ that opens a socket,
 * as a client or a server, fails saying where such a test lives. The pure tests then hold on a busy machine, and
 * the tests over real sockets (__tests__/sockets/, __tests__/e2e/) are the ones that wait on the network.
 */
import { afterAll, beforeAll, expect } from '@jest/globals'
import net from 'node:net'

/** The two doors to the network: a client connects, a server listens; kept as Node defines them, to put back. */
const doors = [
  [net.Socket.prototype, 'connect'],
  [net.Server.prototype, 'listen']
] as const
const original = doors.map(([proto, name]) => Object.getOwnPropertyDescriptor(proto, name))

function refuse(): never {
  throw new Error('a test in __tests__/unit/ opens no socket: a test over the simulator lives in __tests__/sockets/')
}

const isUnit = (expect.getState().testPath ?? '').split(/[\\/]/).includes('unit')

beforeAll(() => {
  if (!isUnit) return
  for (const [proto, name] of doors) Object.defineProperty(proto, name, { value: refuse, configurable: true })
})

// A worker runs many files: what the next one sees is Node's own.
afterAll(() => {
  doors.forEach(([proto, name], i) => {
    const descriptor = original[i]
    if (descriptor !== undefined) Object.defineProperty(proto, name, descriptor)
  })
})
