/**
 * Runs a whole text the way `stablehlo-translate --interpret` does: a module's `@main` (or its
 * only function, or the function asked for); a test file of several functions and no `@main`
 * runs every function no other one calls; a file split by `// -----` lines runs each part as its
 * own module. Arguments go to the one function that runs.
 */
import type { Func, Module } from '../ir/program.js';
import { type CheckResult, runModule } from '../ir/run.js';
import type { Tensor } from '../tensor/tensor.js';
import { textError } from './diagnostics.js';
import { checkModule } from './verify.js';
import { type StablehloValue, bindArguments } from './parse.js';
import { isSplitFile, readModule, splitInputFile } from './read.js';

/** One function run. */
export interface FunctionRun {
  /** The function's name (without `@`). */
  readonly func: string;
  /** Its results, in order. */
  readonly results: readonly Tensor[];
  /** The checks the text states (`check.expect_*` ops) and whether each held. */
  readonly checks: readonly CheckResult[];
}

/** Options of running a module's text. */
export interface RunTextOptions {
  /** Run this function (in every part that has it) instead of the default choice. */
  readonly func?: string;
  /** Convert arguments of another dtype when every value converts exactly (see bindArguments). */
  readonly convert?: boolean;
}

/** The functions of a module that run by default: @main, the only one, or every uncalled one. */
export function defaultFunctions(module: Module): Func[] {
  checkModule(module, 'defaultFunctions');
  const main = module.funcs.find((f) => f.name === 'main');
  if (main) return [main];
  if (module.funcs.length === 1) return [...module.funcs];
  const called = new Set<string>();
  for (const f of module.funcs) for (const op of f.ops) if (op.kind === 'call') called.add(op.callee);
  return module.funcs.filter((f) => !called.has(f.name));
}

/** Reads and runs `text`; throws the reader's typed errors, or `stablehlo_text.bind`. */
export function runText(
  text: string,
  args: readonly StablehloValue[] = [],
  opts: RunTextOptions = {},
): FunctionRun[] {
  if (typeof text !== 'string') textError('syntax', undefined, `expected text; got ${typeof text}`);
  const parts = isSplitFile(text) ? splitInputFile(text) : [{ text, line: 1 }];
  const plan: { module: Module; func: Func }[] = [];
  for (const part of parts) {
    const module = readModule(part.text, { line: part.line });
    if (opts.func !== undefined) {
      const f = module.funcs.find((g) => g.name === opts.func);
      if (f) plan.push({ module, func: f });
    } else for (const func of defaultFunctions(module)) plan.push({ module, func });
  }
  if (plan.length === 0)
    textError(
      'unknown_function',
      undefined,
      opts.func !== undefined ? `no function @${opts.func} in the text` : 'no function to run',
    );
  if (plan.length > 1 && args.length > 0)
    textError(
      'bind',
      undefined,
      `arguments given, but ${plan.length} functions run (${plan.map((p) => `@${p.func.name}`).join(', ')}); name one`,
    );
  return plan.map(({ module, func }) => {
    const bound = plan.length === 1 ? bindArguments(func, args, { convert: opts.convert }) : [];
    if (plan.length > 1 && func.params.length > 0)
      textError(
        'bind',
        func.loc?.line,
        `@${func.name} takes ${func.params.length} arguments; run it alone with its arguments`,
      );
    const run = runModule(module, bound, func.name);
    return { func: func.name, results: run.results, checks: run.checks };
  });
}
