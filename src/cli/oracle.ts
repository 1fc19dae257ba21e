/**
 * The oracle commands of the CLI:
 *
 *   tgs verify onnx.ScatterND --data '[0,0,0]' --indices '[[1],[1]]' --updates '[5,7]' --candidate out.npy
 *   tgs why onnx.GatherND --data '[[1,2],[3,4]]' --indices '[[0,5],[9,0]]'
 *
 * `verify` exits 0 when the candidate is a result the framework allows (or the input is outside
 * the spec's domain), 1 when it is not, 2 on a usage error; `why` exits 0 for a valid call and 1
 * when it lists violations, 2 on a usage error.
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Command, CommanderError } from 'commander';
import * as lib from '../index.js';
import { GatherScatterError, isGatherScatterError } from '../errors.js';
import { readNpy } from '../interop/npy.js';
import { execute } from '../core/call.js';
import { type Candidate, type Verdict, verifyLowering } from '../oracle/verify.js';
import { type Why, why } from '../oracle/why.js';
import { type CallArgs, buildRegistry, lowerCall } from '../tables/registry.js';
import { type EmitFormat, casesOf, emitSuite } from '../oracle/emit.js';
import { type Runtime, departureTable, runCampaign } from '../oracle/campaign.js';
import { runtimeNamed } from '../oracle/runtimes.js';
import type { DType } from '../tensor/dtype.js';
import { type NestedArray, type Tensor, tensor } from '../tensor/tensor.js';
import { UsageError, parseJsonValues } from './format.js';
import type { OpEntry } from '../tables/registry.js';

const ns = lib as unknown as Record<string, unknown>;

/** What main.ts lends the oracle commands: its call flags and their parser. */
export interface OracleHost {
  readonly findOp: (id: string) => OpEntry;
  readonly withCallOptions: (cmd: Command) => Command;
  readonly callArgs: (o: never) => Promise<CallArgs>;
  readonly out: (s: string) => void;
  readonly err: (s: string) => void;
}

/** Commander's own usage errors (exit 1 by default) exit 2 here, as the commands document. */
function usageExit(e: CommanderError): never {
  const usage = e.code.startsWith('commander.') && e.exitCode === 1;
  process.exit(usage ? 2 : e.exitCode);
}

/**
 * What a bad command line can make these commands throw, reported as a usage error (exit 2): a
 * typed error of the library's, a file that is missing or unreadable, text that is not JSON, a
 * runtime module that does not load. Anything else (a programming error) propagates.
 */
function isInputError(e: unknown): e is Error {
  if (e instanceof GatherScatterError || e instanceof SyntaxError) return true;
  const code = e instanceof Error ? (e as { code?: unknown }).code : undefined;
  return (
    typeof code === 'string' &&
    /^(E[A-Z]+|ERR_MODULE_NOT_FOUND|ERR_UNSUPPORTED_DIR_IMPORT|ERR_UNKNOWN_FILE_EXTENSION)$/.test(code)
  );
}

/** Registers `verify`, `why` and `conformance` on the program. */
export function registerOracle(p: Command, host: OracleHost): void {
  registerConformance(p, host);
  const verifyCmd = host
    .withCallOptions(
      p
        .command('verify')
        .description(
          "check a runtime's result against every result the framework allows (exit 0 allowed, 1 not, 2 usage)",
        ),
    )
    .requiredOption(
      '--candidate <file>',
      'the runtime\'s result: a .npy file, a .json file of values, or {"error": "..."} for a refusal',
    )
    .option('--json', 'print the verdict as JSON')
    .showHelpAfterError(false)
    .exitOverride(usageExit)
    .action(async (id: string, o: { candidate: string; json?: boolean }) => {
      const usage = (message: string) =>
        verifyCmd.error(`error: ${message}`, { exitCode: 2, code: 'oracle.usage' });
      let entry: OpEntry;
      let args: CallArgs;
      try {
        entry = host.findOp(id);
        args = await host.callArgs(o as never);
      } catch (e) {
        if (!isInputError(e) || e instanceof GatherScatterError) throw e;
        return usage(e.message);
      }
      const lower = () => lowerCall(ns, entry, args);
      let candidate: Candidate;
      try {
        candidate = readCandidate(o.candidate, resultDType(lower, args));
      } catch (e) {
        if (!isInputError(e)) throw e;
        return usage(e.message);
      }
      const verdict = verifyLowering(lower, candidate);
      host.out(o.json ? `${JSON.stringify(verdict, null, 2)}\n` : verdictText(verdict));
      if (verdict.verdict === 'departs')
        verifyCmd.error(`${entry.id}: the candidate departs from what the framework allows`, {
          exitCode: 1,
          code: 'oracle.departs',
        });
    });

  const whyCmd = host
    .withCallOptions(
      p
        .command('why')
        .description(
          'list every constraint a call violates, each with its rule code and what was not evaluated (exit 0 valid, 1 violations, 2 usage)',
        ),
    )
    .option('--json', 'print the list as JSON')
    .showHelpAfterError(false)
    .exitOverride(usageExit)
    .action(async (id: string, o: { json?: boolean }) => {
      const entry = host.findOp(id);
      const args = await host.callArgs(o as never);
      const w = why(() => lowerCall(ns, entry, args));
      host.out(o.json ? `${JSON.stringify(w, null, 2)}\n` : whyText(w));
      if (!w.ok)
        whyCmd.error(`${w.violations.length} violation${w.violations.length === 1 ? '' : 's'}`, {
          exitCode: 1,
          code: 'oracle.violations',
        });
    });
}

/** `conformance emit`: the edge-case matrix of the listed ops, written in one format. */
function registerConformance(p: Command, host: OracleHost): void {
  const conformance = p.command('conformance').description('conformance vectors for runtime authors');
  const emitCmd = conformance
    .command('emit')
    .description(
      'write the edge-case matrix of each op as conformance tests (stablehlo modules, ONNX backend tests, WebNN WPT JSON)',
    )
    .requiredOption('--format <format>', 'stablehlo | onnx | webnn')
    .requiredOption('--ops <list>', 'comma-separated ops or frameworks, e.g. onnx.GatherND,webnn')
    .requiredOption('--out <dir>', 'output directory (created)')
    .showHelpAfterError(false)
    .exitOverride(usageExit)
    .action(async (o: { format: string; ops: string; out: string }) => {
      if (!['stablehlo', 'onnx', 'webnn'].includes(o.format))
        emitCmd.error(`error: --format must be stablehlo, onnx or webnn; got ${JSON.stringify(o.format)}`, {
          exitCode: 2,
          code: 'oracle.usage',
        });
      const registry = buildRegistry(ns);
      const wanted = o.ops
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const entries = registry.filter((e) => wanted.some((w) => e.id === w || e.framework === w));
      const unknown = wanted.filter((w) => !registry.some((e) => e.id === w || e.framework === w));
      if (unknown.length > 0 || entries.length === 0)
        emitCmd.error(`error: unknown ops ${JSON.stringify(unknown)} (see \`list\`)`, {
          exitCode: 2,
          code: 'oracle.usage',
        });
      const cases = entries.flatMap((e) => casesOf(e, ns));
      const onnx =
        o.format === 'onnx'
          ? { ...(await import('../export/onnx.js')), ...(await import('../interop/onnx-tensor.js')) }
          : undefined;
      const files = emitSuite(o.format as EmitFormat, cases, onnx);
      for (const f of files) {
        const path = join(o.out, f.path);
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, f.contents);
      }
      const emitted = files.filter((f) => /\.mlir$|model\.onnx$/.test(f.path)).length;
      host.out(
        `${cases.length} cases of ${entries.length} ops; ${o.format === 'webnn' ? 'webnn-tests.json and ' : `${emitted} emitted, `}manifest.json in ${o.out}\n`,
      );
    });

  const runCmd = conformance
    .command('run')
    .description(
      'a differential campaign against a runtime: seeded random calls, each result verified, departures minimised and grouped',
    )
    .requiredOption(
      '--runtime <name|path>',
      'onnxruntime-node, or a path to a runtime module (name, ops, run)',
    )
    .option('--ops <list>', 'comma-separated ops or frameworks (default: every op the runtime lists)')
    .option('--n <count>', 'number of cases', '500')
    .option('--seed <s>', 'seed', '1')
    .option('--timeout <ms>', 'bound on one case', '5000')
    .option('--json <file>', 'write the report as JSON')
    .showHelpAfterError(false)
    .exitOverride(usageExit)
    .action(
      async (o: {
        runtime: string;
        ops?: string;
        n: string;
        seed: string;
        timeout: string;
        json?: string;
      }) => {
        const num = (v: string, what: string) => {
          const x = Number(v);
          if (!Number.isSafeInteger(x) || x < 0)
            runCmd.error(`error: ${what} must be a non-negative integer; got ${JSON.stringify(v)}`, {
              exitCode: 2,
              code: 'oracle.usage',
            });
          return x;
        };
        const n = num(o.n, '--n');
        const seed = num(o.seed, '--seed');
        const timeoutMs = num(o.timeout, '--timeout');
        let runtime: Runtime;
        try {
          runtime = await runtimeNamed(o.runtime, ns);
        } catch (e) {
          if (!isInputError(e)) throw e;
          return runCmd.error(`error: ${e.message}`, { exitCode: 2, code: 'oracle.usage' });
        }
        const registry = buildRegistry(ns);
        const wanted = o.ops
          ?.split(',')
          .map((x) => x.trim())
          .filter(Boolean);
        const ops = wanted
          ? registry.filter((e) => wanted.some((w) => e.id === w || e.framework === w)).map((e) => e.id)
          : undefined;
        const report = await runCampaign(runtime, ns, {
          n,
          seed,
          timeoutMs,
          ...(ops ? { ops } : {}),
          progress: (line) => host.err(`${line}\n`),
        }).catch((e: unknown) => {
          // A runtime that stopped being able to run: no report (its cases would count as refusals).
          if (!isGatherScatterError(e, 'oracle.runtime.unavailable')) throw e;
          return runCmd.error(`error: ${e.message}`, { exitCode: 2, code: 'oracle.usage' });
        });
        if (o.json) writeFileSync(o.json, `${JSON.stringify(report, null, 2)}\n`);
        host.out(departureTable(report));
      },
    );
}

/** The dtype a candidate given as JSON values is read in: the call's result dtype. */
function resultDType(lower: () => ReturnType<typeof lowerCall>, args: CallArgs): DType {
  try {
    return execute(lower()).dtype;
  } catch (e) {
    if (!(e instanceof GatherScatterError)) throw e;
    return args.dataDType ?? 'float32';
  }
}

/** A candidate file: .npy, JSON values, or `{"error": "..."}`. */
export function readCandidate(file: string, dtype: DType): Candidate {
  if (!existsSync(file)) throw new UsageError('oracle.no_such_file', `no such file: ${file}`);
  if (statSync(file).isDirectory())
    throw new UsageError('oracle.candidate', `--candidate ${file}: a directory, not a .npy or .json file`);
  if (file.endsWith('.npy')) return readNpy(new Uint8Array(readFileSync(file))) as Tensor;
  const text = readFileSync(file, 'utf8');
  if (/^\s*\{/.test(text)) {
    const o = candidateJson(file, () => JSON.parse(text) as { error?: unknown });
    if (typeof o.error !== 'string')
      throw new UsageError('oracle.candidate', `${file}: an object candidate must be {"error": "<message>"}`);
    return { error: o.error };
  }
  return tensor(candidateJson(file, () => parseJsonValues(text, '--candidate')) as NestedArray, dtype);
}

/** Parses a candidate file's JSON; the parser's bare words name neither the option nor the file. */
function candidateJson<T>(file: string, parse: () => T): T {
  try {
    return parse();
  } catch (e) {
    if (!(e instanceof SyntaxError)) throw e;
    throw new UsageError(
      'oracle.candidate',
      `--candidate ${file}: not a .npy file or valid JSON (${e.message})`,
      { file, reason: e.message },
    );
  }
}

function verdictText(v: Verdict): string {
  const lines: string[] = [];
  if (v.verdict === 'outside_domain') {
    lines.push(`${v.op}: ${v.domain?.reason}`);
    lines.push(
      `  any result is allowed (${v.domain?.rule.code}: ${v.domain?.rule.text}; ${v.domain?.rule.source})`,
    );
  } else if (v.verdict === 'allowed') lines.push(`${v.op}: allowed`);
  else {
    const n = v.violations.length;
    lines.push(`${v.op}: departs (${n}${n >= 100 ? '+' : ''} violation${n === 1 ? '' : 's'})`);
  }
  for (const x of v.violations) {
    lines.push(
      `  at ${JSON.stringify(x.position)}: expected ${x.expected}, got ${x.got} — ${x.class}: ${x.reason}`,
    );
    lines.push(`    rule ${x.rule.code}: ${x.rule.text} (${x.rule.source})`);
  }
  for (const u of v.liberties)
    lines.push(
      `  liberty ${u.rule.code} (${u.method}) used on ${u.elements} element${u.elements === 1 ? '' : 's'}: ${u.rule.text}`,
    );
  return `${lines.join('\n')}\n`;
}

function whyText(w: Why): string {
  if (w.ok) return `${w.op}: the call is valid\n`;
  const lines = w.violations.map((x) => `  ${x.code}: ${x.message}`);
  const tail = w.complete
    ? ''
    : `\n  not evaluated: ${w.notEvaluated ?? 'the rules after the first failure'}`;
  return `${w.op}: ${w.violations.length} violation${w.violations.length === 1 ? '' : 's'}\n${lines.join('\n')}${tail}\n`;
}
