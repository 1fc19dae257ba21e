/**
 * The short names the main entry exports beside the full framework names (`tf`, `np`, `dml`):
 * one table, read by `translate` (a target may be an alias) and by `vjp` (an op may be named
 * by its alias, as the TensorFlow frontend names its calls `tf.*`).
 */
import type { FrameworkName } from '../frameworks/index.js';

export const FRAMEWORK_ALIASES = {
  tf: 'tensorflow',
  np: 'numpy',
  dml: 'directml',
} as const satisfies Readonly<Record<string, FrameworkName>>;

/** The framework an alias stands for, or the name itself when it is no alias. */
export function canonicalFramework(name: string): string {
  return Object.hasOwn(FRAMEWORK_ALIASES, name)
    ? FRAMEWORK_ALIASES[name as keyof typeof FRAMEWORK_ALIASES]
    : name;
}
