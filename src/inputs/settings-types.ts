/** The settings of each operation: what its schema's transform yields, typed from it. */
import type { z } from 'zod'
import type { Operation } from '../constants.js'
import type { SCHEMAS } from './schemas.js'

export type SettingsOf<O extends Operation> = z.output<ReturnType<(typeof SCHEMAS)[O]>>
export type Settings = SettingsOf<Operation>
export type ResumeSettings = SettingsOf<'resume-workflows'>
