#!/usr/bin/env node
/**
 * The `tensor-gather-scatter` command line (alias `tgs`): run any framework's gather/scatter
 * on .npy or JSON inputs, explain a call (its StableHLO form and a picture of the index
 * mapping), print the measured behaviour tables, and serve the explorer.
 *
 *   tgs run onnx.GatherND --data data.npy --indices '[[0,1],[1,0]]' -o out.npy
 *   tgs explain tensorflow.gather --data '[[1,2],[3,4]]' --indices '[1]' --attr axis=1
 *   tgs run onnx.GatherND --opset 11 --data '[[1,2],[3,4]]' --indices '[[1]]'
 *   tgs table -o docs/tables.md
 *   tgs serve --port 5173
 *
 * Output is exact: floats print as the shortest decimal that reads back to the same value of
 * their dtype, and 64-bit integers beyond 2^53 as JSON strings (see ./format.ts).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, CommanderError, Option } from 'commander';
import * as lib from '../index.js';
import { readNpy, writeNpy } from '../interop/npy.js';
import { GatherScatterError, InvalidArgumentError } from '../errors.js';
import { runText } from '../stablehlo-text/run-text.js';
import { buildRegistry, type CallArgs, executeCall, type OpEntry, lowerCall } from '../tables/registry.js';
import { behaviourTables } from '../tables/tables.js';
import { type DType, isDType } from '../tensor/dtype.js';
import type { NestedArray, Tensor } from '../tensor/tensor.js';
import { stablehloModule } from '../ir/module-text.js';
import { explainCall } from './explain.js';
import { registerOracle } from './oracle.js';
import {
  didYouMean,
  isTensorFile,
  PRINT_LIMIT,
  complexPairs,
  parseJsonValues,
  tensorFileJson,
  tensorFromFile,
  tensorJson,
  tensorSummary,
  UsageError,
} from './format.js';
import { FRAMEWORK_DTYPES, OTHER_DTYPES, opHelp, tupleOpHelp } from './op-help.js';
import { lowerTupleOp, type TupleOp, TUPLE_OPS, tupleOp } from './tuple-ops.js';
import { valueKind } from '../frameworks/constructors.js';

const ns = lib as unknown as Record<string, unknown>;

/** Jobs with at least this many input elements report their phases on stderr. */
const BIG_JOB = 1_000_000;

/** An input given as a .npy path, a .json path, or inline JSON. Returns its element count too. */
export function readInput(
  value: string,
  what = 'input',
): { values: NestedArray; dtype?: DType; size: number; tensor?: Tensor } {
  if (value.endsWith('.npy')) {
    if (!existsSync(value)) throw new UsageError('cli.no_such_file', `no such file: ${value}`);
    // Kept as a tensor: a big .npy never becomes nested JS arrays.
    const t: Tensor = readNpy(new Uint8Array(readFileSync(value)));
    return { values: [], dtype: t.dtype, size: t.size, tensor: t };
  }
  const looksInline = /^\s*([[{\d\-."]|(true|false|NaN)\s*$)/.test(value);
  if (!looksInline && !existsSync(value)) throw new UsageError('cli.no_such_file', `no such file: ${value}`);
  const isFile = !looksInline || (value.endsWith('.json') && existsSync(value));
  if (isFile && statSync(value).isDirectory())
    throw new UsageError('cli.not_a_file', `${value} is a directory, not a .npy or .json file`);
  const text = isFile ? readFileSync(value, 'utf8') : value;
  let values: NestedArray;
  try {
    values = parseJsonValues(text, what);
  } catch (e) {
    if (e instanceof SyntaxError)
      throw new UsageError(
        'cli.json',
        `cannot read ${what} ${JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value)}: not a .npy file, a .json file or valid JSON (${e.message})`,
      );
    throw e;
  }
  if (isTensorFile(values)) {
    const t = tensorFromFile(values, what);
    return { values: [], dtype: t.dtype, size: t.size, tensor: t };
  }
  return { values, size: countElements(values) };
}

function countElements(v: NestedArray): number {
  if (!Array.isArray(v)) return 1;
  let n = 0;
  for (const x of v) n += countElements(x);
  return n;
}

/** `name=value` with the value parsed as JSON when it is JSON (numbers, arrays, booleans), else a string. */
export function parseAttr(text: string, previous: Record<string, unknown> = {}): Record<string, unknown> {
  const eq = text.indexOf('=');
  if (eq <= 0) throw new UsageError('cli.attr', `--attr expects name=value; got ${JSON.stringify(text)}`);
  const name = text.slice(0, eq);
  const raw = text.slice(eq + 1);
  let value: unknown = raw;
  try {
    value = JSON.parse(raw);
  } catch (e) {
    if (!(e instanceof SyntaxError)) throw e;
    // not JSON: a bare string such as mode=clip
  }
  return { ...previous, [name]: value };
}

interface CallOptions {
  data?: string;
  indices?: string;
  updates?: string;
  attr?: Record<string, unknown>;
  opset?: string;
  /** The pre-1.0 spelling of --opset (deprecated). */
  version?: string;
  dtype?: string;
  indexDtype?: string;
  quiet?: boolean;
}

function normaliseId(id: string): string {
  return id
    .replace(/^tf\./, 'tensorflow.')
    .replace(/^np\./, 'numpy.')
    .replace(/^dml\./, 'directml.');
}

/** The registry entry of `id`, or an error naming the closest known operators. */
export function findOp(id: string): OpEntry {
  const registry = buildRegistry(ns);
  const entry = registry.find((e) => e.id === id || e.id === normaliseId(id));
  if (!entry) {
    const known = registry.filter((e) => e.state !== 'missing').map((e) => e.id);
    const close = didYouMean(normaliseId(id), known);
    const hint =
      close.length > 0
        ? `; did you mean ${close.join(' or ')}?`
        : `; \`${BIN} list\` shows all ${known.length} (names are case-sensitive: framework.Op)`;
    throw new UsageError('cli.unknown_op', `unknown operator ${JSON.stringify(id)}${hint}`);
  }
  if (entry.state === 'missing')
    throw new UsageError('cli.unknown_op', entry.note ?? `${id} is not implemented yet`);
  return entry;
}

/** A registry op or one of the CLI's index-tuple ops (numpy.index, jax.at, torch.index_put). */
type CliOp = { readonly tuple: TupleOp } | { readonly entry: OpEntry };

function findCliOp(id: string): CliOp {
  const t = tupleOp(normaliseId(id));
  if (t) return { tuple: t };
  try {
    return { entry: findOp(id) };
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    const close = didYouMean(
      normaliseId(id),
      TUPLE_OPS.map((o) => o.id),
    );
    if (close.length === 0) throw e;
    throw new UsageError(
      'cli.unknown_op',
      `unknown operator ${JSON.stringify(id)}; did you mean ${close.join(' or ')}?`,
    );
  }
}

/** The inputs and positional attributes a registry op cannot run without, named before running it. */
function checkNeeds(entry: OpEntry, o: CallOptions): void {
  const sig = entry.signature;
  const desc = sig.params.some((p) => typeof p === 'object' && 'desc' in p);
  const needs = (k: 'data' | 'indices' | 'updates') =>
    sig.params.includes(k) || (desc && (k !== 'updates' || sig.kind === 'scatter'));
  const missing = (['data', 'indices', 'updates'] as const).filter((k) => needs(k) && o[k] === undefined);
  const attrs = o.attr ?? {};
  const positional = sig.params.flatMap((p) =>
    typeof p === 'object' &&
    'attr' in p &&
    attrs[p.attr] === undefined &&
    !OPTIONAL_POSITIONAL.includes(`${entry.id}.${p.attr}`)
      ? [`--attr ${p.attr}=…`]
      : [],
  );
  const all = [...missing.map((k) => `--${k}`), ...positional];
  if (all.length > 0)
    throw new UsageError(
      'cli.missing_input',
      `${entry.id} needs ${all.join(' and ')} (\`${BIN} help ${entry.id}\` lists its inputs and attributes)`,
    );
}

/** Positional arguments the framework lets a call omit. */
const OPTIONAL_POSITIONAL = ['stablehlo.scatter.update_computation'];

/** The dtype JSON values get when --dtype does not say: the framework's own constructor's choice. */
function defaultDType(framework: string, values: NestedArray | undefined): DType | undefined {
  if (values === undefined) return undefined;
  const kind = valueKind(values);
  if (kind === 'bool') return undefined;
  const dt = FRAMEWORK_DTYPES[framework as keyof typeof FRAMEWORK_DTYPES] ?? OTHER_DTYPES;
  // An integer beyond 2^53 (read as a bigint) keeps its 64-bit dtype whatever the framework.
  if (kind === 'int') {
    const inferred = lib.tensor(values).dtype;
    if (inferred === 'int64' || inferred === 'uint64') return inferred;
  }
  return dt[kind];
}

/** Input files at least this large (bytes, together) make a job report its phases from the start. */
const BIG_FILES = 8 * 1024 * 1024;

function fileBytes(values: readonly (string | undefined)[]): number {
  let n = 0;
  for (const v of values) if (v !== undefined && existsSync(v) && statSync(v).isFile()) n += statSync(v).size;
  return n;
}

async function callArgs(
  o: CallOptions,
  err: (s: string) => void,
  progress: Progress,
  framework?: string,
): Promise<{ args: CallArgs; size: number }> {
  const bytes = fileBytes([o.data, o.indices, o.updates]);
  if (bytes >= BIG_FILES) {
    progress.big = true;
    await progress.phase(`reading ${(bytes / 1024 / 1024).toFixed(0)} MB of inputs`);
  }
  const data = o.data === undefined ? undefined : readInput(o.data, '--data');
  if (o.indices === undefined) throw new UsageError('cli.missing_input', 'the call needs --indices');
  const indices = readInput(o.indices, '--indices');
  const updates = o.updates === undefined ? undefined : readInput(o.updates, '--updates');
  const dtype = (o.dtype ??
    data?.dtype ??
    updates?.dtype ??
    (framework === undefined ? undefined : defaultDType(framework, data?.values ?? updates?.values))) as
    | DType
    | undefined;
  const indexDType = (o.indexDtype ?? indices.dtype) as DType | undefined;
  for (const d of [dtype, indexDType])
    if (d !== undefined && !isDType(d)) {
      const close = didYouMean(d, lib.DTYPES);
      throw new UsageError(
        'cli.dtype',
        `unknown dtype ${JSON.stringify(d)}${close.length ? `; did you mean ${close.join(' or ')}?` : ''}`,
      );
    }
  if (o.version !== undefined) {
    if (!o.quiet) err('warning: --version <v> for the operator version is deprecated; use --opset <v>\n');
    o.opset ??= o.version;
  }
  const version = o.opset === undefined ? undefined : /^-?\d+$/.test(o.opset) ? Number(o.opset) : o.opset;
  // Complex data and updates are JSON [re, im] pairs at the innermost level (format.ts).
  const values = (v: NestedArray) =>
    dtype !== undefined && lib.isComplex(dtype) ? complexPairs(v, '--data') : v;
  const args: CallArgs = {
    ...(data ? { data: values(data.values) } : {}),
    indices: indices.values,
    ...(updates ? { updates: values(updates.values) } : {}),
    attrs: o.attr ?? {},
    ...(version !== undefined ? { version } : {}),
    ...(dtype ? { dataDType: dtype } : {}),
    ...(indexDType ? { indexDType } : {}),
    tensors: {
      ...(data?.tensor ? { data: data.tensor } : {}),
      ...(indices.tensor ? { indices: indices.tensor } : {}),
      ...(updates?.tensor ? { updates: updates.tensor } : {}),
    },
  };
  return { args, size: (data?.size ?? 0) + indices.size + (updates?.size ?? 0) };
}

/** Phase lines on stderr for jobs that are big or already past a second. */
class Progress {
  private readonly t0 = performance.now();
  big = false;
  constructor(
    private readonly err: (s: string) => void,
    private readonly enabled: boolean,
  ) {}
  private get seconds(): number {
    return (performance.now() - this.t0) / 1000;
  }
  phase(label: string): Promise<void> {
    if (this.enabled && (this.big || this.seconds > 1))
      this.err(`${BIN}: ${label}… (${this.seconds.toFixed(1)} s)\n`);
    // Let the line reach the terminal before the synchronous work that follows.
    return new Promise((ok) => setImmediate(ok));
  }
  done(): void {
    if (this.enabled && this.seconds > 1) this.err(`${BIN}: done in ${this.seconds.toFixed(1)} s\n`);
  }
}

function withCallOptions(cmd: Command): Command {
  return cmd
    .argument(
      '<op>',
      `framework.Op, e.g. onnx.GatherND, tensorflow.gather, stablehlo.scatter (see \`${BIN} list\`)`,
    )
    .option('--data <file|json>', 'data / operand / params: a .npy file, a .json file or inline JSON')
    .option('--indices <file|json>', 'indices: a .npy file, a .json file or inline JSON')
    .option('--updates <file|json>', 'updates (scatter ops)')
    .option(
      '--attr <name=value>',
      "an attribute in the framework's own name (repeatable); JSON values",
      parseAttr,
    )
    .option('--opset <v>', 'operator version where it matters (ONNX opset, TF device cpu|gpu|xla)')
    .addOption(new Option('--version <v>', 'deprecated spelling of --opset').hideHelp())
    .option(
      '--dtype <dtype>',
      "dtype of data/updates given as JSON (default: the framework's constructor's — int64/float64 for numpy, int64/float32 for torch, int32/float32 otherwise)",
    )
    .option(
      '--index-dtype <dtype>',
      "dtype of indices given as JSON (default: the framework's usual index dtype)",
    )
    .option('-q, --quiet', 'no progress or warnings on stderr');
}

/** `-h/--help` of run and explain: with an operator, that operator's help page. */
function withOpHelp(cmd: Command): Command {
  // `run --help` names no operator: the operator argument is checked in the action instead.
  cmd.registeredArguments[0]?.argOptional();
  return cmd
    .helpOption(false)
    .option(
      '-h, --help',
      "show this command's help, or with an operator its inputs, attributes, defaults and an example",
    );
}

const BIN = 'tensor-gather-scatter';

/** The package's version, read from its package.json. */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(resolve(packageRoot(), 'package.json'), 'utf8')) as { version: string })
    .version;
}

const OUTPUT_NOTE = `
Output: JSON. Floats print as the shortest decimal that reads back to the same value of their
dtype (float32 0.1 prints 0.1). Integers beyond ±(2^53 − 1) (int64/uint64) print as JSON
strings with their exact digits ("9007199254740993"); NaN and ±Infinity as "NaN", "Infinity",
"-Infinity". The same forms are accepted as input. On a terminal, results over
${PRINT_LIMIT.toLocaleString('en-US')} elements print as a summary unless --full (piped or redirected, stdout is
always the JSON); -o writes them whole: .npy, or .json as {"dtype", "shape", "data"} (data
in the forms above, so int64 stays exact and NaN, ±Infinity and -0 survive); other extensions
are refused.

Exit status: 0 on success, 1 when the operator refuses the call (a typed error naming its rule),
2 when the command line is wrong (unknown command, operator, option or dtype; a missing file or
input; an unknown -o extension).`;

/** Refuses an -o file this command cannot write, before any work. */
function checkOutput(output: string | undefined, extensions: readonly string[]): void {
  if (output !== undefined && !extensions.some((x) => output.endsWith(x)))
    throw new UsageError(
      'cli.output_extension',
      `-o ${output}: the file name must end in ${extensions.join(' or ')} (it says the format)`,
    );
}

/** Writes a result to `-o` (.npy, or .json as { dtype, shape, data }) or prints it (a summary when big, unless `--full`). */
async function emit(
  result: Tensor,
  o: { output?: string; full?: boolean },
  progress: Progress,
  out: (s: string) => void,
): Promise<void> {
  if (o.output) {
    await progress.phase(`writing ${o.output}`);
    if (o.output.endsWith('.npy')) writeFileSync(o.output, writeNpy(result));
    else writeFileSync(o.output, `${tensorFileJson(result)}\n`);
  } else if (result.size > PRINT_LIMIT && !o.full) out(tensorSummary(result));
  else {
    await progress.phase('printing');
    out(`${tensorJson(result)}\n`);
  }
  progress.done();
}

/** Builds the program (exported for tests). `out`/`err` receive stdout/stderr text. */
export function program(
  out: (s: string) => void = (s) => void process.stdout.write(s),
  err: (s: string) => void = (s) => void process.stderr.write(s),
  /** A person reads stdout: big results print as a summary. Otherwise (a pipe, a file) always JSON. */
  terminal: boolean = process.stdout.isTTY === true,
): Command {
  const p = new Command();
  p.name(BIN)
    .description("Run, explain and compare every framework's gather and scatter operators on one exact core.")
    .version(packageVersion(), '-V, --version', 'print the package version')
    .enablePositionalOptions()
    .showHelpAfterError()
    .configureOutput({ writeOut: out, writeErr: err })
    // Usage errors throw (CommanderError) so main() sets the exit status: 2, not commander's 1.
    .exitOverride()
    .helpCommand(false);

  withOpHelp(withCallOptions(p.command('run').description('run an operator and print (or save) its result')))
    .option(
      '-o, --output <file.npy|file.json>',
      'write the result to a .npy or .json file instead of printing it',
    )
    .option('--full', `print results of any size (default: a summary above ${PRINT_LIMIT} elements)`)
    .addHelpText('after', OUTPUT_NOTE)
    .action(
      async (
        id: string,
        o: CallOptions & { output?: string; full?: boolean; help?: boolean },
        cmd: Command,
      ) => {
        if (o.help) return out(id === undefined ? cmd.helpInformation() : helpOf(findCliOp(id)));
        if (id === undefined) cmd.error("error: missing required argument 'op'");
        const op = findCliOp(id);
        checkOutput(o.output, ['.npy', '.json']);
        if ('entry' in op) checkNeeds(op.entry, o);
        const progress = new Progress(err, !o.quiet);
        const name = 'entry' in op ? op.entry.id : op.tuple.id;
        const { args, size } = await callArgs(o, err, progress, name.split('.')[0]);
        progress.big ||= size >= BIG_JOB;
        await progress.phase(`running ${name} on ${size.toLocaleString('en-US')} input elements`);
        const result =
          'entry' in op ? executeCall(ns, op.entry, args) : lib.core.execute(lowerTupleOp(op.tuple, args));
        await emit(result, { ...o, full: o.full || !terminal }, progress, out);
      },
    );

  /** An op's help page; its example's printed result is computed by running it as `run` would. */
  const helpOf = (op: CliOp): string => {
    const typed = (fw: string, a: CallArgs): CallArgs => ({
      ...a,
      dataDType: a.dataDType ?? defaultDType(fw, a.data ?? a.updates),
    });
    if ('tuple' in op) {
      const fw = op.tuple.id.split('.')[0];
      return tupleOpHelp(op.tuple, BIN, (a) =>
        tensorJson(lib.core.execute(lowerTupleOp(op.tuple, typed(fw, a)))),
      );
    }
    const e = op.entry;
    return opHelp(e, BIN, (a) => tensorJson(executeCall(ns, e, typed(e.framework, a))));
  };

  p.command('help')
    .description(
      'show help for a command, or for an operator its inputs, attributes, defaults and an example',
    )
    .argument('[topic]', 'a command (run, explain, …) or an operator (onnx.GatherND, jax.at, …)')
    .action((topic: string | undefined) => {
      if (topic === undefined) return out(p.helpInformation());
      const cmd = p.commands.find((c) => c.name() === topic);
      out(cmd ? cmd.helpInformation() : helpOf(findCliOp(topic)));
    });

  const stablehlo = p
    .command('stablehlo')
    .showHelpAfterError(false)
    .description(
      'run a StableHLO / MLIR module or XLA HLO text: @main (or the only function; every function of an interpreter test file), checks included',
    )
    .argument(
      '<file|text>',
      'a .mlir / .hlo / .txt file (a module, a test file with // ----- parts, or one op), or the text itself',
    )
    .option(
      '--arg <file|json>',
      'an argument of the function, in order (repeatable): .npy, .json or inline JSON; a .npy of another dtype converts only when every value does exactly',
      (v: string, prev: string[] = []) => [...prev, v],
    )
    .option('--func <name>', 'run this function instead of @main')
    .option('--data <file|json>', 'a lone op: its first operand (gather operand / scatter input)')
    .option('--indices <file|json>', 'a lone op: start_indices / scatter_indices')
    .option('--updates <file|json>', 'a lone op: updates (scatter)')
    .option('-o, --output <file.npy|file.json>', 'write the result (one result) to a .npy or .json file')
    .option('--full', `print results of any size (default: a summary above ${PRINT_LIMIT} elements)`)
    .option('-q, --quiet', 'no progress or check summary on stderr')
    .addHelpText(
      'after',
      `
Exit status: 0 when every check passes, 1 when a check fails (each failing check is named, with
its function and line) or the text is refused (a typed error naming the rule and the line),
2 when the file does not exist.${OUTPUT_NOTE}`,
    )
    .action(
      async (
        source: string,
        o: {
          arg?: string[];
          func?: string;
          data?: string;
          indices?: string;
          updates?: string;
          output?: string;
          full?: boolean;
          quiet?: boolean;
        },
      ) => {
        const isFile = existsSync(source);
        if (isFile && statSync(source).isDirectory())
          stablehlo.error(`error: ${source} is a directory, not a .mlir or .hlo file`, {
            exitCode: 2,
            code: 'stablehlo.not_a_file',
          });
        // A path (no spaces or MLIR punctuation, a slash or a text-file extension) is never read as text.
        if (
          !isFile &&
          !/[\s%(){}"<>=@]/.test(source) &&
          (/[\\/]/.test(source) || /\.(mlir|hlo|txt|stablehlo)$/i.test(source))
        )
          stablehlo.error(`error: no such file: ${source}`, { exitCode: 2, code: 'stablehlo.no_such_file' });
        const text = isFile ? readFileSync(source, 'utf8') : source;
        const given: [string, string][] = [
          ...(o.arg ?? []).map((v, k): [string, string] => [v, `--arg ${k + 1}`]),
          ...(['data', 'indices', 'updates'] as const)
            .filter((k) => o[k] !== undefined)
            .map((k): [string, string] => [o[k] as string, `--${k}`]),
        ];
        if ((o.arg?.length ?? 0) > 0 && given.length > (o.arg?.length ?? 0))
          throw new UsageError(
            'cli.arguments',
            'give the arguments either as --arg … or as --data/--indices/--updates, not both',
          );
        const values = given.map(([v, what]) => {
          const r = readInput(v, what);
          return r.tensor ?? r.values;
        });
        const progress = new Progress(err, !o.quiet);
        const runs = runText(text, values, { convert: true, ...(o.func ? { func: o.func } : {}) });
        const results = runs.flatMap((r) => r.results);
        if (o.output && results.length !== 1)
          throw new UsageError('cli.output', `-o writes one result; the text gives ${results.length}`);
        for (const r of results) await emit(r, { ...o, full: o.full || !terminal }, progress, out);
        const checks = runs.flatMap((r) => r.checks);
        const failed = checks.filter((c) => !c.passed);
        if (failed.length > 0) {
          const lines = failed
            .slice(0, 20)
            .map(
              (c) =>
                `${c.name} failed in @${c.func}${c.line !== undefined ? ` (line ${c.line})` : ''}: ${c.message ?? ''}`,
            );
          throw new InvalidArgumentError(
            'stablehlo_text.check_failed',
            `${failed.length} of ${checks.length} check${checks.length === 1 ? '' : 's'} failed:\n  ${lines.join('\n  ')}${failed.length > 20 ? `\n  … and ${failed.length - 20} more` : ''}`,
            { failed: failed.map((c) => ({ ...c })) },
          );
        }
        if (checks.length > 0 && !o.quiet)
          err(
            `${checks.length} check${checks.length === 1 ? '' : 's'} passed in ${runs.length} function${runs.length === 1 ? '' : 's'}\n`,
          );
      },
    );

  withOpHelp(
    withCallOptions(
      p
        .command('explain')
        .description('show the StableHLO form of a call and a picture of its index mapping'),
    ),
  )
    .addOption(new Option('--color', 'force colours').conflicts('noColor'))
    .option('--no-color', 'plain text (also when NO_COLOR is set or stdout is not a terminal)')
    .option(
      '--module',
      'print the call as a whole StableHLO module (spec ops only; runs with `stablehlo FILE`)',
    )
    .option('-o, --output <file.mlir>', 'with --module: write the module to a file')
    .action(
      async (
        id: string,
        o: CallOptions & { color?: boolean; module?: boolean; output?: string; help?: boolean },
        cmd: Command,
      ) => {
        if (o.help) return out(id === undefined ? cmd.helpInformation() : helpOf(findCliOp(id)));
        if (id === undefined) cmd.error("error: missing required argument 'op'");
        const op = findCliOp(id);
        if ('entry' in op) checkNeeds(op.entry, o);
        const name = 'entry' in op ? op.entry.id : op.tuple.id;
        const progress = new Progress(err, !o.quiet);
        const { args, size } = await callArgs(o, err, progress, name.split('.')[0]);
        progress.big ||= size >= BIG_JOB;
        await progress.phase(`explaining ${name} on ${size.toLocaleString('en-US')} input elements`);
        const lower = () => ('entry' in op ? lowerCall(ns, op.entry, args) : lowerTupleOp(op.tuple, args));
        if (o.module) {
          const text = stablehloModule(lower());
          if (o.output) writeFileSync(o.output, text);
          else out(text);
          progress.done();
          return;
        }
        const color =
          o.color === false
            ? false
            : process.env.NO_COLOR
              ? false
              : o.color === true || process.stdout.isTTY === true;
        const title = `${name}${args.version !== undefined ? ` (${args.version})` : ''}`;
        const explained = explainCall(title, lower, { color });
        out(explained.text);
        progress.done();
        // The explanation shows the error; the exit status says it too.
        if (explained.error) throw explained.error;
      },
    );

  p.command('table')
    .description(
      'print the measured behaviour tables (the comparison article’s Tables 1 and 2, and every operator) as Markdown',
    )
    .option('-o, --output <file.md>', 'write to a file instead of stdout')
    .action((o: { output?: string }) => {
      const text = behaviourTables(ns);
      if (o.output) writeFileSync(o.output, text);
      else out(text);
    });

  p.command('list')
    .description('list the registered operators and whether each is available')
    .action(() => {
      for (const e of buildRegistry(ns))
        out(
          `${e.state === 'ready' ? '✓' : e.state === 'missing' ? '·' : '~'} ${e.id.padEnd(40)} ${e.signature.kind} ${e.note ?? ''}\n`,
        );
    });

  p.command('serve')
    .description('serve the explorer on localhost (from a checkout: builds it first with Vite)')
    .option('--port <n>', 'port (default 5173, or any free port if it is taken; 0 = any free port)')
    .option('--host <host>', 'interface to bind', '127.0.0.1')
    .option('--no-build', 'serve the existing explorer-dist/ without rebuilding')
    .action((o: { port?: string; host: string; build: boolean }) => {
      const root = packageRoot();
      const script = resolve(root, 'scripts/serve.mjs');
      if (!existsSync(script))
        throw new UsageError(
          'cli.no_server',
          `the explorer server is missing from this installation (${script})`,
        );
      const args = [
        script,
        ...(o.port ? ['--port', o.port] : []),
        '--host',
        o.host,
        ...(o.build ? [] : ['--no-build']),
      ];
      const child = spawn(process.execPath, args, { stdio: 'inherit', cwd: root });
      // Stop the server with the CLI (Ctrl+C, kill), never leave it orphaned.
      for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => child.kill(sig));
      child.on('exit', (code) => process.exit(code ?? 0));
    });

  registerOracle(p, {
    findOp,
    withCallOptions,
    callArgs: async (o: CallOptions) => (await callArgs(o, err, new Progress(err, !o.quiet))).args,
    out,
    err,
  });

  // Unknown commands: commander suggests near options already; name the near command too.
  p.on('command:*', (operands: string[]) => {
    const names = p.commands.map((c) => c.name());
    const close = didYouMean(operands[0], names);
    throw new UsageError(
      'cli.unknown_command',
      `unknown command ${JSON.stringify(operands[0])}${close.length ? `; did you mean ${close.join(' or ')}?` : `; commands: ${names.join(', ')}`}`,
    );
  });
  return p;
}

function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(resolve(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

/** Ends quietly when the reader of stdout goes away (`tgs list | head -1`). */
function exitOnBrokenPipe(): void {
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });
}

/**
 * The exit status of an error, printing it unless commander has: 2 for a wrong command line
 * (commander's errors, `UsageError`), 1 for a call the library refuses (a typed error, or a
 * plain message of the library's). Anything else is a bug and propagates with its stack.
 */
export function exitStatus(e: unknown, err: (s: string) => void): number {
  // Commander's own usage errors carry its default status 1; a command's chosen status stands.
  if (e instanceof CommanderError)
    return e.code.startsWith('commander.') && e.exitCode === 1 ? 2 : e.exitCode;
  if (
    !(e instanceof GatherScatterError) &&
    !(e instanceof Error && Object.getPrototypeOf(e) === Error.prototype)
  )
    throw e;
  err(`error: ${e.message}\n`);
  return e instanceof UsageError ? 2 : 1;
}

/** Runs the CLI: exit status 0 on success, 1 for a refused call, 2 for a usage error. */
export async function main(argv: readonly string[] = process.argv): Promise<void> {
  exitOnBrokenPipe();
  try {
    await program().parseAsync(argv as string[]);
  } catch (e) {
    process.exitCode = exitStatus(e, (s) => void process.stderr.write(s));
  }
}

// Run when executed (also through the npm bin symlink), not when imported.
if (
  process.argv[1] &&
  realpathSync(resolve(process.argv[1])) === realpathSync(fileURLToPath(import.meta.url))
)
  void main();
