/**
 * `readModule(text)`: StableHLO / MLIR text or XLA HLO text → a verified IR {@link Module}.
 *
 * The kind of text is told from its first token: `HloModule` (or an HLO computation,
 * `ENTRY …` / `name {` with `=` instructions) is XLA HLO; anything else is MLIR. The module is
 * verified (see verify.ts) and every violation is reported in one typed error: its code is the
 * first violation's, `details.violations` lists all of them.
 *
 * @example
 * const m = readModule(`func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
 *   %0 = stablehlo.add %x, %x : tensor<3xf32>
 *   return %0 : tensor<3xf32>
 * }`);
 * m.funcs[0].ops[0].kind   // 'add'
 */
import type { Module } from '../ir/program.js';
import { type Violation, textError, throwViolations } from './diagnostics.js';
import { isHloText, readHlo } from './hlo-reader.js';
import { type ReadText, readMlir } from './module-reader.js';
import { verifyModule } from './verify.js';

/** Options of {@link readModule}. */
export interface ReadOptions {
  /** Line number of the text's first line, when it is a part of a bigger file (default 1). */
  readonly line?: number;
}

/** Reads and verifies a module; throws one typed error listing every violation. */
export function readModule(text: string, opts: ReadOptions = {}): Module {
  return readVerified(text, opts).module;
}

/** Reads and verifies, keeping the reader's names of each op (for the one-op API). */
export function readVerified(text: string, opts: ReadOptions = {}): ReadText {
  if (typeof text !== 'string') textError('syntax', undefined, `expected text; got ${typeof text}`);
  const line = opts.line ?? 1;
  const read = isHloText(text) ? readHlo(text, line) : readMlir(text, line);
  const violations: Violation[] = [...read.violations, ...verifyModule(read.module, { broken: read.broken })];
  if (violations.length > 0) throwViolations(dedupe(violations));
  return read;
}

function dedupe(vs: readonly Violation[]): Violation[] {
  const seen = new Set<string>();
  return vs.filter((v) => {
    const key = `${v.code}|${v.line}|${v.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** One part of a test file split at `// -----` lines, with the line it starts on. */
export interface TextPart {
  /** The part's text. */
  readonly text: string;
  /** Line of the part's first line in the whole text (1-based). */
  readonly line: number;
}

/**
 * Splits a text at lines that are exactly `// -----` (what `-split-input-file` does for MLIR
 * test files): each part is an independent module. Read a part with `readModule(part.text,
 * { line: part.line })` so messages name lines of the whole file.
 */
export function splitInputFile(text: string): TextPart[] {
  if (typeof text !== 'string') textError('syntax', undefined, `expected text; got ${typeof text}`);
  const lines = text.split('\n');
  const parts: TextPart[] = [];
  let start = 0;
  const flush = (end: number) => {
    const body = lines.slice(start, end).join('\n');
    if (body.trim().length > 0) parts.push({ text: body, line: start + 1 });
  };
  for (let i = 0; i < lines.length; i++) {
    if (/^\s*\/\/ -----\s*$/.test(lines[i])) {
      flush(i);
      start = i + 1;
    }
  }
  flush(lines.length);
  return parts;
}

/** True when a text asks to be split (`// RUN: … -split-input-file`) or holds `// -----` lines. */
export function isSplitFile(text: string): boolean {
  return typeof text === 'string' && /^\s*\/\/ -----\s*$/m.test(text);
}
