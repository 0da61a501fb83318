/** Oracles over the action's log: which lines the runner reads as commands, and which of those the action meant. */
import { JOB_GITHUB_TOKEN } from '../../tools/action-yml.js'

/** Every line separator a runner or a log viewer may split at. */
const LINE_BREAK = /\r\n|\r|\n|\u0085|\u2028|\u2029/

/** Lines of the log that the runner would read as a workflow command (it trims leading whitespace first). */
export const commandLines = (stdout: string): string[] =>
  stdout.split(LINE_BREAK).filter(line => line.trimStart().startsWith('::'))

/** Lines the action logged as text: everything that is not a command. */
export const infoLines = (stdout: string): string[] =>
  stdout.split('\n').filter(line => !line.trimStart().startsWith('::'))

/** The log without its `::add-mask::` lines: the runner's instruction to hide the token, the one place it must appear. */
export const withoutMaskCommands = (stdout: string): string =>
  stdout
    .split('\n')
    .filter(line => !line.startsWith('::add-mask::'))
    .join('\n')

/** The kinds of command the action emits itself; any other command came from third-party text. */
const OWN_COMMAND = /^::(?:group|endgroup|error|warning|notice|debug)(?: [^:]*)?::/

/**
 * Command lines that are not the action's own kinds, nor the masks of these secrets (the token, and the job's
 * github-token the runner passes by default). Blind to a faked `::warning::`: compare `commandKinds` with a harmless run too.
 */
export function foreignCommands(stdout: string, secrets: readonly string[]): string[] {
  const masks = new Set([...secrets, JOB_GITHUB_TOKEN].map(secret => `::add-mask::${secret}`))
  return commandLines(stdout).filter(line => !OWN_COMMAND.test(line.trimStart()) && !masks.has(line))
}

/** The command of each command line, in order (`add-mask`, `group`, `warning`...): what a run told the runner. */
export const commandKinds = (stdout: string): string[] =>
  commandLines(stdout).map(line => /^::([^ :]*)/.exec(line.trimStart())?.[1] ?? line)
