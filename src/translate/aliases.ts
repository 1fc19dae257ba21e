/**
 * The short names the main entry exports beside the full framework names (`tf`, `np`, `dml`):
 * one table, read by `translate` (a target may be an alias). Op names and rule codes never use
 * an alias: a TensorFlow call is `tensorflow.gather`, its codes `tensorflow.gather.<rule>`.
 */
import type { FrameworkName } from '../frameworks/index.js';

export const FRAMEWORK_ALIASES = {
  tf: 'tensorflow',
  np: 'numpy',
  dml: 'directml',
} as const satisfies Readonly<Record<string, FrameworkName>>;
