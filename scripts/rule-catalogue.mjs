/**
 * Writes docs/rules.md (`--check`: exits 1 when it is stale): every rule code src/ can throw, what it means
 * (the file header's words, else the message), where it is thrown, and the tests naming it. Codes are
 * read statically, as most are built from parts: literals, `${op}.rule`, `fail(op, 'rule')`, `c('C17')`,
 * `argError('iota', 'C1')`, helpers throwing `${op}.<rule>` for each op calling them. The op is the
 * function's `const op = '…'`, else the file's (`onnxOptions('X')`: `onnx.X-<v>`), else each op the file
 * names: the scan over-approximates rather than misses. A check a helper makes only for some of its
 * callers (`if (kind === 'scatter')`, an option only one kind accepts, `HAS_UPDATES.has(op.type)`,
 * `if (method === 'add' || …)`, `op === 'scatter' && … ?`) counts for those callers' ops only.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const FRAMEWORKS = 'onnx|torch|tf|tensorflow|numpy|jax|mxnet|caffe2|directml|webnn|mlir|stablehlo';
const CODE = /^[a-z][a-z0-9_]*(?:\.[A-Za-z0-9_-]+)+$/;
const OP_VAR = '(?:op|OP|op\\.name|call\\.op|meta\\.op|m\\.op)';
/** Dynamic rules beside the op variable: `${op}.rule` or `helper(op, 'rule'`. */
const DYNAMIC = [
  new RegExp(`\\$\\{${OP_VAR}\\}\\.([A-Za-z]\\w*(?:\\.[A-Za-z]\\w*)*)\\b(?![$.])`, 'g'), // also `${op}.IndicesTensor.values`
  new RegExp(`\\b(?<helper>\\w*Arg|input|integers?|intAttribute|flag|oneOf|scalar\\w*|fail|code|check\\w*|pickPolicy|text)\\(${OP_VAR},\\s*'([a-z]\\w*)'`, 'gi'),
  // `options(op, opts, KEYS)`: an unknown key is `<op>.options` (the helper's default rule, else its fourth argument).
  new RegExp(`\\b(?<helper>options)\\(${OP_VAR},\\s*[^,()]+,\\s*(?:\\[[^\\]]*\\]|[\\w.]+)\\s*(?:,\\s*'(?<rule>[A-Za-z]\\w*)')?`, 'g'),
  // `openArgs(op, ['data', data], ['indices', indices], …)` (MXNet): each named tensor is checked.
  new RegExp(`\\b(?<helper>openArgs)\\(${OP_VAR},\\s*\\['([a-z]\\w*)'`, 'g'),
  new RegExp(`\\b(?<helper>openArgs)\\(${OP_VAR},\\s*\\[[^\\]]*\\],\\s*\\['([a-z]\\w*)'`, 'g'),
];
/** Checks whose last argument is a message prefix (where the check is made), never a rule code. */
const LABEL_ARG = /\b(?:liveStorage|checkJsStructure|checkNamedTensors|checkReshape)\([^()]*(?:\[[^\]]*\][^()]*)?'([\w.]+)'\)/g;
/** Frontend files shared by every framework: their `${op}` is the caller's. */
const SHARED = /\/(args|families|masks|signature|constructors|op-names|index)\.ts$/;
/** What the shared argument checks (src/frameworks/args.ts) require of the argument they name. */
const [TENSOR, INTEGER, NUMBER] = ['must be a Tensor', 'must be an integer', 'must be a number'];
const ARG_CHECKS = { tensorArg: TENSOR, openArgs: TENSOR, input: TENSOR, integer: INTEGER, intAttribute: INTEGER, scalar: NUMBER };
Object.assign(ARG_CHECKS, { integers: 'must be integers', flag: 'must be a boolean', oneOf: 'must be an accepted value' });
const FUNCTION = /^\s*(?:export )?(?:async )?function\s+(\w+)\s*(?:<[^>]*>)?\(([^)]*)|^\s*(?:export )?const (\w+) = (?:async )?\(([^)]*)/;

/** Every file under `dir` (relative to the repo) ending in `.ts`. */
const files = (dir) =>
  readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(`${dir}/${e.name}`) : e.name.endsWith('.ts') ? [`${dir}/${e.name}`] : [],
  );

/**
 * Helpers that build a code from the name they are given (`checkRank(op, name, …)` throws
 * `` `${op}.${name}_rank` ``): helper → its suffixes, and whether it also hands the name on as
 * `<op>.<name>` (`tensorArg(op, name, …)`). Read from every file before any is scanned, since
 * callers live in other files.
 */
const NAME_SUFFIXES = new Map();
function nameSuffixes(text) {
  let fn;
  for (const line of text.split('\n')) {
    const f = FUNCTION.exec(line);
    const [p1, p2] = (f?.[2] ?? f?.[4] ?? '').split(',').map((p) => /\w+/.exec(p)?.[0]);
    if (f) fn = p1 === 'op' && p2 ? { name: f[1] ?? f[3], p2, suffixes: [], plain: false } : undefined;
    if (!fn) continue;
    for (const m of line.matchAll(new RegExp(`\`(?:\\w+\\.)?\\$\\{op\\}\\.\\$\\{${fn.p2}\\}(\\w+)\``, 'g'))) fn.suffixes.push(m[1]);
    fn.plain ||= new RegExp(`\\b\\w+\\(op, ${fn.p2}\\b`).test(line);
    if (fn.suffixes.length > 0) NAME_SUFFIXES.set(fn.name, fn);
  }
}
/**
 * Helpers taking the op first and building their rule from a later parameter (`checkMinRank(op, t,
 * min, name)` throws `<op>.<name>_rank`; `checkIndexDType(op, t, name = 'indices')`): each with its
 * file, the parameter's place, its default and the suffixes. Read from every file before any is
 * scanned; a call counts only where the helper's file is imported (two files may name a helper alike).
 */
const NAME_AT = [];
function laterNames(file, text) {
  for (const m of text.matchAll(/^(?:export )?function (\w+)\(\s*op\b/gm)) {
    const open = m.index + m[0].indexOf('(');
    const params = topLevel(text, open);
    const body = /^[^{]*\{([\s\S]*?)^\}/m.exec(text.slice(open + params.join(',').length + 2))?.[1] ?? '';
    params.slice(1).forEach((p, k) => {
      const [name, dflt] = [/^\s*(\w+)/.exec(p)?.[1], /=\s*'(\w+)'/.exec(p)?.[1]];
      // `${name}_rank` (the op added by the code's builder), or the whole rule: `${op}.${rule}`, `${op}.${name}.DataType`.
      const re = new RegExp(`\`(?:\\$\\{op\\}\\.)?\\$\\{${name}\\}([._]\\w+)?\``, 'g');
      const suffixes = [...body.matchAll(re)].filter((x) => x[1] || x[0].startsWith('`${op}.')).map((x) => x[1] ?? '');
      // The name passed on to an argument check, which throws `<op>.<name>` (`integers(op, name, value)`).
      const check = `\\b(?:${Object.keys(ARG_CHECKS).join('|')})\\(op, ${name}, [^,()]*\\)`;
      if (name && new RegExp(check).test(body)) suffixes.push('');
      if (name && suffixes.length > 0) NAME_AT.push({ helper: m[1], file, at: k + 1, dflt, suffixes: [...new Set(suffixes)] });
    });
  }
}
/** The comma-separated parts of the parenthesised list opening at `open` (nested brackets kept whole). */
function topLevel(text, open) {
  const parts = [''];
  for (let k = open + 1, depth = 0; k < text.length; k++) {
    const c = text[k];
    if (depth === 0 && c === ')') break;
    depth += '([{'.includes(c) ? 1 : ')]}'.includes(c) ? -1 : 0;
    if (depth === 0 && c === ',') parts.push('');
    else parts[parts.length - 1] += c;
  }
  return parts;
}
/** The rules the NAME_AT helpers called on a line name: the name argument (a literal, else the default) with each suffix. */
function laterRules(line, file, text) {
  const rules = [];
  for (const h of NAME_AT.filter((h) => imports({ file, text }, h.file)))
    for (const m of line.matchAll(new RegExp(`\\b${h.helper}\\(${OP_VAR}\\b([^()]*(?:\\([^()]*\\)[^()]*)*)\\)`, 'g'))) {
      const arg = m[1].split(',').map((a) => a.trim())[h.at];
      const word = arg === undefined || arg === '' ? h.dflt : /^'(\w+)'$/.exec(arg)?.[1];
      if (word) rules.push(...h.suffixes.map((s) => `${word}${s}`));
    }
  return rules;
}

/** The rules a call `helper(op, 'word', …)` names: `word` itself, or the codes the helper builds from it. */
function namedRules(helper, word) {
  const h = NAME_SUFFIXES.get(helper);
  return h ? [...(h.plain ? [word] : []), ...h.suffixes.map((s) => `${word}${s}`)] : [word];
}

/** The rules a file's leading comment explains: `` `rule`: words `` up to `;` or the line's end. */
function headerRules(text) {
  const [head, rules] = [/^\s*\/\*\*([\s\S]*?)\*\//.exec(text)?.[1] ?? '', new Map()];
  const joined = head.replace(/\n\s*\* ?(?![-\s])/g, ' ').replace(/\n\s*\* ?/g, '\n');
  for (const m of joined.matchAll(/`([A-Za-z]\w*)`(?: \((?:version|code)[^)]*\))?: ([^;\n]+)/g))
    if (!rules.has(m[1])) rules.set(m[1], m[2].trim().replace(/\.$/, ''));
  return rules;
}

/** The op names a file uses: `const op = '…'` per function, ONNX schemas, framework literals. */
function fileOps(file, text) {
  // ONNX: `onnxOptions('GatherND')`, or the op types a shared lowering is called with (`'ScatterElements'`).
  // opsets.ts, where every op's options and schema checks live, serves every op of OP_VERSIONS.
  const named = file === 'src/frameworks/onnx/opsets.ts' ? [...ONNX_VERSIONS.keys()]
    : file.startsWith('src/frameworks/onnx/') ? [...text.matchAll(/'([A-Z]\w+)'/g)].map((m) => m[1]) : [];
  const onnx = named.filter((t) => ONNX_VERSIONS.has(t)).map((t) => `onnx.${t}-<v>`);
  if (onnx.length > 0) return [...new Set(onnx)];
  if (!file.startsWith('src/frameworks/') || SHARED.test(file)) return [];
  const lit = new RegExp(`(?<!<|Symbol\\()['\`]((?:${FRAMEWORKS})\\.(?:(?:lax|numpy|jnp|tensor)\\.)?[A-Za-z_]+)['\`]`, 'g');
  text = code(text); // an op named in a comment (`numpy.slice`), a type argument or a Symbol's name is no op of the file
  const local = [...text.matchAll(/const op = '([^']+)'/g)].map((m) => prefixed(file, m[1]));
  return [...new Set([...[...text.matchAll(lit)].map((m) => m[1]), ...local])];
}

/** `text` without its comments (block comments and comment lines), so only code names ops. */
const code = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** The op a frontend's call names by its short word (`lowerScatterFamily('scatter_add'` in torch/): none outside a framework's folder. */
const wordOp = (call) => (/^src\/frameworks\/\w+\//.test(call.file) ? [prefixed(call.file, call.word)] : []);

/** A short op name (`'gather'` in src/frameworks/torch) with its framework: `torch.gather`. */
const prefixed = (file, op) => (op.includes('.') ? op : `${file.split('/')[2]}.${op}`);

/**
 * Op ids as the registry lists them (so `'numpy.add.at'` reads as an op, not a code), and as a
 * frontend's function declares its op (`const op = 'jax.lax.scatter_apply'`: a lowering no registry row has).
 */
const OP_IDS = new Set([
  ...['src/tables/registry.ts', 'src/frameworks/op-names.ts'].flatMap((f) =>
    [...readFileSync(join(ROOT, f), 'utf8').matchAll(new RegExp(`'((?:${FRAMEWORKS})(?:\\.\\w+)+)'`, 'g'))].map((m) => m[1])),
  ...files('src/frameworks').flatMap((f) =>
    [...readFileSync(join(ROOT, f), 'utf8').matchAll(new RegExp(`const op = '((?:${FRAMEWORKS})(?:\\.\\w+)+)'`, 'g'))].map((m) => m[1])),
]);

/** The string literals of a line, without their quotes. */
const literals = (line) =>
  [...line.matchAll(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`/g)].map((m) => m[0].slice(1, -1));

/**
 * The message thrown next to line `i`, as words (`${…}` shown as `…`): read up to 4 lines on, but
 * not past the end of the statement holding the code (a line ending in `;` with its brackets
 * closed, or a bracket closing one opened before it), so a check with no words of its own
 * (`checkRank(op, 'updates', …);`) never takes the next check's message.
 */
function messageNear(lines, i) {
  let depth = 0;
  for (const line of lines.slice(i, i + 4)) {
    const code = line.replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`/g, "''");
    const words = literals(line.replace(/\$\{[^}]*\}/g, '…')).find((s) => / /.test(s));
    if (words) return words;
    for (const c of code) depth += '([{'.includes(c) ? 1 : ')]}'.includes(c) ? -1 : 0;
    if (depth < 0 || (depth === 0 && /;\s*(\/\/.*)?$/.test(code))) return '';
  }
  return '';
}

/** Scans one file: concrete codes, dynamic rules (with the op they belong to), helper rules. */
function scanFile(file, found, helpers, calls, text = readFileSync(join(ROOT, file), 'utf8')) {
  const [lines, explained, ops, builders] = [text.split('\n'), headerRules(text), fileOps(file, text), new Map()];
  const ruleFns = ruleNameFunctions(text);
  let spec = /siteOf\('([\w.]+)'/.exec(text)?.[1]; // the spec op of the file's checks, from its first site
  let fn = { name: '', helper: false, ops: undefined };
  const opsOf = new Map(); // the op of each function of the file that names one
  const helperRule = (rule, i, about = messageNear(lines, i), when = undefined) =>
    helpers.get(fn.name)?.some((h) => h.rule === rule && h.file === file && !h.when && !when) ||
    helpers.set(fn.name, [...(helpers.get(fn.name) ?? []), { rule, file, def: file, line: i + 1, about, ...(when ? { when } : {}) }]);
  const add = (code, i, rule, about = messageNear(lines, i), weak = false) =>
    found.push({ code, file, line: i + 1, about: explained.get(rule) ?? about, weak });
  let table; // the top-level table a line is in (`const RULES = {`), and its current key (`GatherND: [`)
  lines.forEach((line, i) => {
    if (/^\s*(\*|\/\/|\/\*)/.test(line)) return;
    table = tableAt(line, table);
    ruleEntries(line, i, { fn, table, ops, file, add, helperRule });
    const f = FUNCTION.exec(line);
    const params = (f?.[2] ?? f?.[4]) || paramLines(lines, i); // or one parameter a line
    const [p1, p2] = params.split(',').map((p) => /\w+/.exec(p)?.[0]);
    // A helper takes the op first, or later (`lowerGatherDimensionNumbers(…, op)`, `policyOf(o, op, entry)`).
    const helper = /^\s*(op|OP)\b/.test(params) || /,\s*op\??(?::\s*string)?\s*(?:,|$)/.test(params);
    // A closure inside an op's function (`const combine = (...args) => …` in jax.at's divide/power)
    // is still that op's code: only a closure taking the op is a helper of its own. A value in
    // parentheses (`const raw = (value ?? dflt) as unknown`, `const ups = (…).map(…)`) is no function.
    const arrow = /= (?:async )?\([^()]*\)(?::[^=]*)? =>|\($/.test(line);
    const closure = f?.[3] && /^\s/.test(line) && ((!helper && fn.ops) || !arrow);
    if (f && !closure) fn = { name: f[1] ?? f[3], helper, param: p1, p2, params };
    // `stablehlo.${op}.${c}` from a helper's first two parameters (argError), or passed on: `argError(op, c, …)`.
    const pair = fn.p2 && new RegExp(`\`([a-z][\\w.]*)\\.\\$\\{${fn.param}\\}\\.\\$\\{${fn.p2}\\}\``).exec(line);
    if (pair) calls.push({ pair: `${pair[1]}.`, name: fn.name, file });
    // (Also broken one argument a line: `argError(` / `op,` / `c,`.)
    const broken = /\w\($/.test(line) ? ` ${(lines[i + 1] ?? '').trim()} ${(lines[i + 2] ?? '').trim()}` : '';
    const via = fn.p2 && new RegExp(`\\b(\\w+)\\(\\s*${fn.param}, ${fn.p2}\\b`).exec(`${line}${broken}`);
    if (via) calls.push({ via: via[1], name: fn.name, file, text });
    // A function throwing `export.onnx.${rule}` for its first parameter: each `fail('opset', …)` names a code.
    const tail = new RegExp(`\`(?:([a-z][\\w.]*)|\\$\\{([A-Z_]+)\\})\\.\\$\\{${fn.param}\\}\``).exec(line);
    const prefix = tail?.[1] ?? new RegExp(`const ${tail?.[2]} = '([\\w.]+)'`).exec(text)?.[1];
    // (`const op = \`jax.at.${method}\`` names the op, no code: read below as a template op.)
    if (prefix && fn.param && !fn.helper && !/\bconst op = /.test(line)) calls.push({ prefix: `${prefix}.`, name: fn.name, file });
    const next = /\w\($/.test(line) ? (lines[i + 1] ?? '').trim() : ''; // `lowerScatterFamily(` / `'scatter_reduce',`
    for (const m of `${line}${next}`.matchAll(/\b(\w+)\('([a-z]\w*)'/g))
      calls.push({ word: m[2], name: m[1], file, text, line: next ? i + 2 : i + 1, lines });
    // `argError(` / `'slice',` / `'C2',` as the formatter breaks a long call: one argument a line.
    const third = /^'\w+',$/.test(next) ? ` ${(lines[i + 2] ?? '').trim()}` : '';
    for (const m of `${line}${next}${third}`.matchAll(/\b(\w+)\('(\w+)',\s*'([CI]\d+)'/g))
      calls.push({ word: `${m[2]}.${m[3]}`, name: m[1], file, text, line: third ? i + 3 : next ? i + 2 : i + 1, lines });
    // `const op = '…'`, or in a frontend a caller's name with a default (`text('stablehlo.gather', 'op', attrs.op) ?? 'stablehlo.gather'`).
    const local = /const op = '([^']+)'/.exec(line) ?? (file.startsWith('src/frameworks/') ? /const op = .*\?\? '([^']+)';$/.exec(line) : null);
    if (local) fn.ops = [prefixed(file, local[1])];
    // The op another function of the file returns: `const { op, policy } = scatterAttributes(attributes)`.
    const taken = /const \{ op\b[^}]*\} = (\w+)\(/.exec(line);
    if (taken && opsOf.has(taken[1])) fn.ops = opsOf.get(taken[1]);
    if (fn.ops && fn.name) opsOf.set(fn.name, fn.ops);
    tensorTable(lines, fn, line, helperRule);
    kindOptions(lines, fn, line);
    // The op under another name: `const name = 'torch.index_select'`, or in a helper `const name = \`torch.${op}\``.
    const alias = /const (name) = (?:'((?:[a-z]+)\.\w+)'|`[a-z]+\.\$\{op\}`);/.exec(line);
    if (alias?.[2]) [fn.ops, fn.alias] = [[alias[2]], alias[1]];
    if (alias && !alias[2] && (fn.helper || fn.ops)) fn.alias = alias[1]; // an op's own `const name = \`torch.${op}\``
    const tpl = /const op = `([\w.]*)\$\{(\w+)\}([\w.]*)`/.exec(line); // `jax.lax.${name}`: one op per name passed
    if (tpl) fn.ops = templateWords(text, fn.params ?? '', tpl[2]).map((w) => prefixed(file, `${tpl[1]}${w}${tpl[3]}`));
    if (tpl) fn.tpl = { param: tpl[2], ops: new Map(fn.ops.map((o, k) => [o, templateWords(text, fn.params ?? '', tpl[2])[k]])) };
    // A code thrown with a typed parameter in the op's place (`onnx.${type}.opset`, type: OnnxOpType):
    // one code per word of the type (never a plain string, whose words are unknown).
    const typed = /Error\(`([a-z][\w.]*)\.\$\{(\w+)\}\.([A-Za-z]\w*)`/.exec(line);
    if (typed && typed[2] !== 'op' && !new RegExp(`\\b${typed[2]}\\??:\\s*string\\b`).test(fn.params ?? ''))
      for (const w of templateWords(text, fn.params ?? '', typed[2])) add(`${typed[1]}.${w}.${typed[3]}`, i, typed[3]);
    // The core's constraint checks: `s.c('C17')` of `siteOf('stablehlo.gather', …)`.
    spec = /siteOf\('([\w.]+)'/.exec(line)?.[1] ?? spec;
    for (const m of spec ? line.matchAll(/\b\w+\.c\('(\w+)'\)/g) : []) {
      add(`${spec}.${m[1]}`, i, m[1]);
      SPEC_IDS.set(spec, new Set([...(SPEC_IDS.get(spec) ?? []), m[1]]));
    }
    if (spec && f) SHAPE_FNS.set(fn.name, spec);
    // A frontend's names for them: `gatherShape(…, op, gatherRule)`, `gatherRule` reading a table of ids.
    const named = /\b(\w+)\(.*,\s*(\w+)\);?$/.exec(line);
    if (named && ruleFns.has(named[2])) NAMED.push({ ...ruleFns.get(named[2]), shape: named[1], fn: fn.name, file, line: i + 1 });
    const b = /const (\w+) = \((\w+)[^)]*\) => `([^`$]*)\$\{\2\}`/.exec(line);
    if (b) builders.set(b[1], b[3]);
    for (const [name, prefix] of builders)
      for (const m of line.matchAll(new RegExp(`\\b${name}\\('([A-Za-z]\\w*)'\\)`, 'g'))) add(prefix + m[1], i, m[1]);
    // A check's message prefix (`liveStorage(t, 'tensor.clone')`) names where, not a rule: its code is its own.
    const labels = [...line.matchAll(LABEL_ARG)].map((m) => m[1]);
    for (const s of literals(line)) {
      const fw = new RegExp(`^(?:${FRAMEWORKS})\\.`).test(s);
      if (!CODE.test(s) || OP_IDS.has(s) || ops.includes(s) || labels.includes(s) || /\.(json|m?[jt]s|md)$/.test(s)) continue;
      if (fw && s.split('.').length < 3) continue;
      const thrown = /Error\(|fail\(|code|Failed\(/.test(line) || /Error\($/.test(lines[i - 1] ?? '');
      const weak = !thrown && !(fw && line.includes(`, '${s}')`)); // an argument: kept if thrown codes use its namespace
      // An argument (`f(op, 'x.y.z')`) or a table's value (`shape: 'stablehlo.gather.C22'`, OUT_CODES).
      if (!weak || new RegExp(`(?:[(,]|(?:code|shape|dtype): ) ?'${s.replace(/\./g, '\\.')}'[,)\\s}]`).test(line)) add(s, i, s.split('.').at(-1), undefined, weak);
    }
    // `torch.${op}.rule` where `op` is the short name: the file's ops of that framework.
    for (const m of line.matchAll(/`(\w+)\.\$\{op\}\.([A-Za-z]\w*)\b(?!\$)/g))
      if (fn.helper && !fn.ops) helperRule(m[2], i);
      else for (const op of fn.ops ?? ops.filter((o) => o.startsWith(`${m[1]}.`))) add(`${op}.${m[2]}`, i, m[2]);
    // The same call written one argument a line: `fail(` / `op,` / `'index_depth',`.
    const [call, first] = [(lines[i - 2] ?? '').trim(), (lines[i - 1] ?? '').trim()];
    const wrapped = /\w\($/.test(call) && /^(op|OP|op\.name),$/.test(first) ? [`${call}${first} ${line.trim()}`] : [];
    // `options(` / `op,` / `value,` / `[…],` / `'OutputTensor',`: the call joined, read at the rule's line.
    if (/\boptions\($/.test(line.trim())) {
      const joined = lines.slice(i, i + 8).map((l) => l.trim()).join(' ');
      const rule = DYNAMIC[2].exec(joined.replace(/\( /, '('))?.groups?.rule;
      DYNAMIC[2].lastIndex = 0;
      const at = rule ? lines.findIndex((l, j) => j > i && l.includes(`'${rule}'`)) : -1;
      if (rule && at > 0) for (const op of fn.ops ?? (fn.helper ? [] : ops)) add(`${op}.${rule}`, at, rule);
      if (rule && at > 0 && fn.helper && !fn.ops) helperRule(rule, at);
    }
    const aliased = fn.alias ? line.replaceAll(`\${${fn.alias}}`, '${op}').replace(new RegExp(`\\b(\\w+)\\(${fn.alias}\\b`, 'g'), '$1(op') : line;
    const later = laterRules(line, file, text);
    for (const rule of later)
      if (fn.ops) for (const op of fn.ops) add(`${op}.${rule}`, i, rule);
      else if (fn.helper) helperRule(rule, i, undefined, typeGuard(lines, i) ?? guard({ src: line, from: fn }));
      else for (const op of ops) add(`${op}.${rule}`, i, rule);
    for (const re of DYNAMIC)
      for (const m of [aliased, ...wrapped].flatMap((l) => [...l.matchAll(re)])) {
        const word = m.groups?.helper === 'options' ? (m.groups.rule ?? 'options') : m.at(-1);
        if (m.groups?.helper && ownCode(m, lines.slice(i + 1, i + 9))) continue; // the call names its code: read there
        for (const rule of namedRules(m.groups?.helper, word)) {
        const check = ARG_CHECKS[m.groups?.helper];
        const about = check ? `\`${rule}\` ${check}` : messageNear(lines, i);
        const at = [i, i - 1, i - 2].find((j) => lines[j]?.includes(rule)) ?? i; // `options(` / `op,` / `value,`
        if (fn.ops) for (const op of fn.ops) add(`${op}.${rule}`, at, rule, about);
        else if (fn.helper)
          helperRule(rule, at, undefined, fn.kindOnly?.get(rule) ?? ternary(fn, m.input.slice(0, m.index)) ?? typeGuard(lines, i));
        else for (const op of ops.length > 0 ? ops : ['<op>']) add(`${op}.${rule}`, at, rule, about);
        }
      }
    // An argument check given the op itself: `tensorArg('jax.at', 'x', input)` is `jax.at.x`.
    for (const m of line.matchAll(new RegExp(`\\b(\\w*Arg|integers?|flag|oneOf|scalar)\\('((?:${FRAMEWORKS})\\.[\\w.]+)',\\s*'([a-z]\\w*)'`, 'g')))
      add(`${m[2]}.${m[3]}`, i, m[3], `\`${m[3]}\` ${ARG_CHECKS[m[1]] ?? 'is checked'}`);
    // `options('stablehlo.gather', value, KEYS, 'options')`: an unknown key is `<op>.options` (or the rule given).
    for (const m of line.matchAll(new RegExp(`\\boptions\\('((?:${FRAMEWORKS})\\.[\\w.]+)',\\s*[^,()]+,\\s*(?:\\[[^\\]]*\\]|[\\w.]+)\\s*(?:,\\s*'([A-Za-z]\\w*)')?`, 'g')))
      add(`${m[1]}.${m[2] ?? 'options'}`, i, m[2] ?? 'options', 'an unknown key is refused');
    // A helper passing its op on with a rule word: `indexDType(NAMES[op], index, allowed, 'index_dtype', …)`.
    const passed = /(?:dtype|options|fail)\w*\((?:NAMES\[op\]|op|OP)(?=[,)])[^'"`]*'([a-z][a-z0-9_]*)'/i.exec(line);
    // (A helper building its rule from that word, `checkSameDType(op, d, u, 'updates')`, was read above.)
    if (fn.helper && !fn.ops && passed && later.length === 0) helperRule(passed[1], i);
    const lastOp = /\b(\w+)\((?:[^()]|\([^()]*\))*,\s*op\s*[,)]/g; // `lowerGatherDimensionNumbers(x.shape, …, op)`, `policyOf(o, op, …)`
    for (const m of [...line.matchAll(new RegExp(`\\b(\\w+)\\(${OP_VAR}\\b`, 'g')), ...line.matchAll(lastOp)])
      calls.push({ name: m[1], ops: fn.ops ?? (fn.helper ? [] : ops), explained, file, text, from: fn, src: line });
  });
}

/** The top-level table (`const NAME … = …` at column 0, no function) a line is in, with the key it is under. */
function tableAt(line, table) {
  if (/^(?:export )?(?:async )?function\b/.test(line) || FUNCTION.exec(line)?.[3]) return undefined;
  const decl = /^(?:export )?const (\w+)\b/.exec(line);
  if (decl) return { name: decl[1], key: undefined };
  const key = table && /^ {2}(?:'([\w.-]+)'|(\w+)): /.exec(line);
  return key ? { ...table, key: key[1] ?? key[2] } : table;
}

/**
 * A rule stated as data, read by one validator: `rule('index_depth', …)` or `{ rule: 'index_depth', … }`
 * in a rules table. Its code is `<op>.<rule>` for the op(s) the table belongs to: the function's op
 * (a table inside a lowering), a helper's callers (a table inside a helper taking the op), or, in a
 * top-level table, the op its key names (`GatherND: [rule(…)]`, `'webnn.gather': […]`), else every
 * op the file names (`<op>` in a shared file), found at the entry's line.
 */
function ruleEntries(line, i, { fn, table, ops, file, add, helperRule }) {
  for (const m of line.matchAll(/\brule(?:\(\s*|:\s*)'([a-z]\w*)'/g)) {
    const rule = m[1];
    if (!table && fn.ops) for (const op of fn.ops) add(`${op}.${rule}`, i, rule);
    else if (!table && fn.helper) helperRule(rule, i);
    else {
      const keyed = table?.key && ops.filter((o) => o === prefixed(file, table.key) || o === `onnx.${table.key}-<v>`);
      for (const op of keyed?.length ? keyed : ops.length > 0 ? ops : ['<op>']) add(`${op}.${rule}`, i, rule);
    }
  }
}

/**
 * Tensors a helper checks from a table chosen by its kind parameter (DirectML's `descTensors`):
 * `const names = kind === 'gather' ? GATHER_TENSORS : SCATTER_TENSORS` then
 * `names.map((n) => [n, tensorArg(op, n, desc[n])])`. Each name is a helper rule at the line of
 * its table; a name only one table holds applies only to calls passing that kind (`when`).
 */
function tensorTable(lines, fn, line, helperRule) {
  const pick = /const (\w+) = (\w+) === '(\w+)' \? ([A-Z_]+) : ([A-Z_]+);/.exec(line);
  if (pick) fn.table = { names: pick[1], param: pick[2], word: pick[3], then: pick[4], else: pick[5] };
  const t = fn.table;
  if (!t || !fn.helper || fn.ops || !new RegExp(`\\b${t.names}\\.map\\(\\((\\w+)\\) =>.*\\btensorArg\\(op, \\1\\b`).test(line)) return;
  const table = (name) => {
    const at = lines.findIndex((l) => l.startsWith(`const ${name} = [`));
    return { at, names: at < 0 ? [] : literals(lines[at]) };
  };
  const [yes, no] = [table(t.then), table(t.else)];
  const index = fn.params.split(',').findIndex((p) => new RegExp(`^\\s*${t.param}\\b`).test(p));
  for (const [own, other, equal] of [[yes, no, true], [no, yes, false]])
    for (const rule of own.names) {
      if (equal && other.names.includes(rule)) continue; // both tables: one row, any kind
      const when = other.names.includes(rule) ? undefined : { fn: fn.name, index, word: t.word, equal };
      helperRule(rule, own.at, `\`${rule}\` must be a Tensor`, when);
    }
}

/**
 * The kind a helper's call to another helper is guarded by: `if (kind === 'scatter') checkUpdates(op, …)`
 * in a helper taking `kind` (WebNN's `openOperands`, DirectML's `descTensors`): the callee's rules
 * hold only for calls of the helper passing that kind.
 */
function guard(call) {
  const m = /\bif \((\w+) (===|!==) '(\w+)'\) \w+\(/.exec(call.src ?? '');
  const index = m ? call.from.params.split(',').findIndex((p) => new RegExp(`^\\s*${m[1]}\\b`).test(p)) : -1;
  return index < 0 ? undefined : { fn: call.from.name, index, word: m[3], equal: m[2] === '===' };
}

/**
 * Options a helper accepts for one kind only: `...(kind === 'scatter' ? ['duplicates'] : [])`
 * (WebNN), `kind === 'gather' ? GATHER_OPTIONS : SCATTER_OPTIONS` (DirectML). Any other kind is
 * refused the key as `<op>.options`, so the option's own check holds only for that kind.
 */
function kindOptions(lines, fn, line) {
  if (!fn.helper || fn.ops) return;
  const only = (names, param, word, equal) => {
    const index = fn.params.split(',').findIndex((p) => new RegExp(`^\\s*${param}\\b`).test(p));
    if (index >= 0) for (const n of names) (fn.kindOnly ??= new Map()).set(n, { fn: fn.name, index, word, equal });
  };
  for (const m of line.matchAll(/(\w+) === '(\w+)' \? \[([^\]]*)\] : \[\]/g)) only(literals(m[3]), m[1], m[2], true);
  const pick = /(\w+) === '(\w+)' \? ([A-Z_]+) : ([A-Z_]+)/.exec(line);
  const table = (name) => literals(lines.find((l) => l.startsWith(`const ${name} = [`)) ?? '');
  const [yes, no] = pick ? [table(pick[3]), table(pick[4])] : [[], []];
  if (pick) only(yes.filter((n) => !no.includes(n)), pick[1], pick[2], true);
  if (pick) only(no.filter((n) => !yes.includes(n)), pick[1], pick[2], false);
}

/** A `when` rule reached through a helper passing its own kind parameter on (`webnnOptions(op, options, kind, keys)`): the caller's. */
function passOn(call, h) {
  const m = h.when && new RegExp(`\\b${h.when.fn}\\(([^)]*)`).exec(call.src ?? '');
  const arg = m?.[1].split(',')[h.when.index]?.trim();
  const index = arg ? call.from.params.split(',').findIndex((p) => new RegExp(`^\\s*${arg}\\b`).test(p)) : -1;
  return index < 0 ? undefined : { ...h.when, fn: call.from.name, index };
}

/**
 * The ops of a template op's function (`const op = \`jax.at.${method}\``) a guarded call is made
 * for: `if (method === 'add' || method === 'subtract') refuseBool(x, op)` only for those words.
 */
function onlyFor(call, ops) {
  const t = call.from?.tpl;
  const m = t && new RegExp(`\\bif \\(((?:${t.param} === '\\w+'(?: \\|\\| )?)+)\\) \\w+\\(`).exec(call.src ?? '');
  if (!m) return ops;
  const words = [...m[1].matchAll(/'(\w+)'/g)].map((w) => w[1]);
  return ops.filter((op) => !t.ops.has(op) || words.includes(t.ops.get(op)));
}

/**
 * An ONNX check for some op types only: `if (scatter) input(op, 'updates', updates)` after
 * `const scatter = HAS_UPDATES.has(op.type)`, the set a literal (`new Set(['Scatter', …])`).
 */
function typeGuard(lines, i) {
  const flag = /^\s*if \((\w+)\) \w+\(/.exec(lines[i])?.[1];
  const set = flag && lines.slice(Math.max(0, i - 12), i).map((l) => new RegExp(`const ${flag} = (\\w+)\\.has\\(op\\.type\\)`).exec(l)?.[1]).find(Boolean);
  const decl = set && lines.find((l) => new RegExp(`^const ${set}\\b.*= new Set\\(\\[`).test(l));
  return decl ? { types: literals(decl.slice(decl.indexOf('new Set'))) } : undefined;
}

/** A check in the first branch of `op === 'scatter' && … ? scalar(name, 'value', src) : …` holds for that op word only. */
function ternary(fn, before) {
  const m = /\b(\w+) === '(\w+)'[^?:]*\? $/.exec(before);
  const index = m ? fn.params.split(',').findIndex((p) => new RegExp(`^\\s*${m[1]}\\b`).test(p)) : -1;
  return index < 0 ? undefined : { fn: fn.name, index, word: m[2], equal: true };
}

/** Whether an ONNX op (`onnx.ScatterND-<v>`) is of the types a type-guarded rule holds for. */
const ofTypes = (h, op) => !h.when?.types || h.when.types.includes(/^onnx\.(\w+)-/.exec(op)?.[1]);

/** Whether a helper rule holds for a call: a `when` rule needs the call to pass its kind (a literal), else it may. */
function applies(call, h) {
  // `lowerScatterFamily('scatter_add', …)`: the word is the first argument.
  if (h.when && call.word !== undefined && h.when.fn === call.name && h.when.index === 0)
    return (call.word === h.when.word) === h.when.equal;
  if (!h.when || !call.src) return true;
  const m = new RegExp(`\\b${h.when.fn}\\(([^)]*)`).exec(call.src);
  const arg = m?.[1].split(',')[h.when.index]?.trim();
  const word = arg && /^'(\w+)'$/.exec(arg)?.[1];
  return word === undefined || (word === h.when.word) === h.when.equal;
}

/**
 * Whether a checking helper's call passes its own code after the value (`oneOf(op, 'duplicates',
 * …, 'error', \`${op}.duplicates_policy\`)`, `oneOf(op.name, 'duplicates', …, code(op, 'options'))`):
 * it throws that code, never `<op>.<name>`. `m` matches the call's start; `next`: the lines after.
 */
function ownCode(m, next) {
  const text = [m.input.slice(m.index), ...next.map((l) => l.trim())].join(' ');
  const args = topLevel(text, text.indexOf('('));
  const code = new RegExp(`^(?:\`\\$\\{${OP_VAR}\\}\\.|code\\(op\\b|'(?:${FRAMEWORKS})\\.[\\w.]+'$)`);
  return args.slice(3).some((a) => code.test(a.trim()));
}

/** The core's constraint ids by spec op (`stablehlo.gather` → C1…), the functions checking them, the frontends naming them. */
const [SPEC_IDS, SHAPE_FNS, NAMED] = [new Map(), new Map(), []];

/** A function's parameters written one a line: the lines after its name, up to the closing `)`. */
function paramLines(lines, i) {
  const end = lines.slice(i + 1, i + 16).findIndex((l) => /^\s*\)/.test(l));
  return lines.slice(i + 1, end < 0 ? i + 4 : i + 1 + end).join(' ');
}

/**
 * `const gatherRule = (id) => RULE_OF_GATHER[id] ?? (id.startsWith('I') ? 'dimension_numbers' : id)`:
 * the rule name of each constraint id, read from the table (`C17: 'batching_dims'`) and the fallback.
 */
function ruleNameFunctions(text) {
  const out = new Map();
  const re = /const (\w+) = \((\w+)[^)]*\)[^=]*=>\s*(\w+)\[\2\](?: \?\? \(\2\.startsWith\('(\w)'\) \? '(\w+)' : \2\))?/g;
  for (const m of text.matchAll(re)) {
    const body = new RegExp(`const ${m[3]}\\b[^=]*= \\{([^}]*)\\}`).exec(text)?.[1] ?? '';
    const table = new Map([...body.matchAll(/(\w+): '(\w+)'/g)].map((e) => [e[1], e[2]]));
    // An id the table leaves unnamed (scatter's C1/C3/C5: several inputs) is one the frontend cannot reach.
    const name = (id) => table.get(id) ?? (m[4] && id.startsWith(m[4]) ? m[5] : undefined);
    // Each row points at the line that names its rule: the table's entry, or the fallback's.
    const lines = text.split('\n');
    const lineOf = (id) => 1 + lines.findIndex((l) => l.includes(table.has(id) ? `${id}: '${name(id)}'` : `'${name(id)}' :`));
    out.set(m[1], { name, lineOf });
  }
  return out;
}

/** The texts of src/, for a type declared in another file. */
let SOURCES;

/**
 * The words a template op's parameter takes (`const op = \`jax.lax.${name}\``): its type's literals
 * (`'divide' | 'power'`, `keyof typeof REDUCER`, a named union type anywhere in src), else the
 * words the file passes first to a call (`lowerer('scatter_add')`).
 */
function templateWords(text, params, param) {
  const type = new RegExp(`\\b${param}\\??:\\s*([^,=]+)`).exec(params)?.[1].trim() ?? '';
  const quoted = (t) => [...t.matchAll(/'(\w+)'/g)].map((m) => m[1]);
  if (quoted(type).length > 0) return quoted(type);
  const keys = /^keyof typeof (\w+)/.exec(type);
  if (keys) return [...(new RegExp(`const ${keys[1]}\\b[^=]*= \\{([^}]*)\\}`).exec(text)?.[1] ?? '').matchAll(/^\s*(\w+):/gm)].map((m) => m[1]);
  if (/^[A-Z]\w*$/.test(type) && type !== 'N') {
    SOURCES ??= files('src').map((f) => readFileSync(join(ROOT, f), 'utf8'));
    const src = SOURCES.find((t) => new RegExp(`type ${type} =`).test(t));
    const decl = src && new RegExp(`type ${type} =([^;]*);`).exec(src)?.[1];
    // `type UfuncName = keyof typeof UFUNCS`: the table's keys, read in the file declaring it.
    if (decl) return /^\s*keyof typeof/.test(decl) ? templateWords(src, `${param}: ${decl.trim()}`, param) : quoted(decl);
  }
  return [...new Set([...text.matchAll(/\b\w+\(\s*'([a-z]\w*)'/g)].map((m) => m[1]))];
}

/** Whether a calling file can reach a helper's file: the same file, or one it imports. */
const imports = (call, file) =>
  call.file === file ||
  [...call.text.matchAll(/from '(\.[^']+)\.js'/g)].some((m) => join(dirname(call.file), `${m[1]}.ts`) === file);

/** Every code src can throw, one entry per code: where first thrown and what it means. */
export function collectRules(extra = []) {
  const [found, helpers, calls] = [[], new Map(), []];
  for (const file of files('src')) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    nameSuffixes(text);
    laterNames(file, text);
  }
  for (const file of files('src')) scanFile(file, found, helpers, calls);
  for (const { file, text } of extra) scanFile(file, found, helpers, calls, text); // a test's fixture sources
  // Each constraint the core checks, under the frontend's name for it: `jax.lax.gather.batching_dims` (C17).
  for (const n of NAMED)
    for (const id of [...(SPEC_IDS.get(SHAPE_FNS.get(n.shape)) ?? [])].filter(n.name))
      helpers.set(n.fn, [...(helpers.get(n.fn) ?? []), { rule: n.name(id), file: n.file, def: n.file, line: n.lineOf(id) || n.line, about: '' }]);
  // A helper calling a helper with its op throws the callee's rules too (`torch.index_add` → checkVector).
  for (let depth = 0; depth < 3; depth++)
    for (const call of calls.filter((c) => c.from?.helper && !c.from.ops && c.from.name !== c.name)) {
      const own = helpers.get(call.from.name) ?? [];
      for (const h of (helpers.get(call.name) ?? []).filter((h) => applies(call, h)))
        if (imports(call, h.def) && !own.some((o) => o.rule === h.rule)) own.push({ ...h, def: call.file, when: h.when?.types ? h.when : (passOn(call, h) ?? guard(call)) });
      if (own.length > 0) helpers.set(call.from.name, own);
    }
  for (let depth = 0; depth < 3; depth++)
    for (const v of calls.filter((c) => c.via))
      for (const p of calls.filter((c) => c.pair && c.name === v.via && imports(v, c.file)))
        if (!calls.some((c) => c.pair && c.name === v.name)) calls.push({ pair: p.pair, name: v.name, file: v.file });
  for (const p of calls.filter((c) => c.prefix || c.pair))
    for (const call of calls.filter((c) => c.word && c.name === p.name && imports(c, p.file) && !p.pair === !c.word.includes('.')))
      found.push({ code: (p.prefix ?? p.pair) + call.word, file: call.file, line: call.line, about: messageNear(call.lines, call.line - 1) });
  const reached = new Set();
  for (const call of calls.filter((c) => c.from || (c.word && helpers.has(c.name))))
    for (const h of (helpers.get(call.name) ?? []).filter((h) => applies(call, h)))
      for (const op of !imports(call, h.def) ? [] : call.word ? wordOp(call) : onlyFor(call, call.ops).filter((o) => ofTypes(h, o))) {
        found.push({ code: `${op}.${h.rule}`, file: h.file, line: h.line, about: call.explained?.get(h.rule) ?? h.about });
        reached.add(`${h.file}:${h.line}:${h.rule}`);
      }
  // A helper whose op no frontend names (the core's `complexKernel(…, op, …)` gets the call's op): `<op>.rule`.
  for (const h of [...helpers.values()].flat().filter((h) => !reached.has(`${h.file}:${h.line}:${h.rule}`)))
    found.push({ code: `<op>.${h.rule}`, file: h.file, line: h.line, about: h.about });
  const [spaces, byCode] = [new Set(found.filter((r) => !r.weak).map((r) => r.code.split('.')[0])), new Map()];
  // No words at the check: `out`'s are known; a StableHLO constraint's number says where in the spec to read.
  const spec = (m) => m && `constraint (${m[2]}) of \`${m[1]}\` in the StableHLO spec`;
  for (const r of found) r.about ||= r.code.endsWith('.out') ? "`out` must be a Tensor of the result's shape and dtype" : '';
  for (const r of found) r.about ||= spec(/^stablehlo\.(\w+)\.([CI]\d+)$/.exec(r.code)) ?? '';
  const opName = (c) => OP_IDS.has(c) || new RegExp(`^(?:${FRAMEWORKS})\\.\\w+$`).test(c); // `stablehlo.${kind}`
  for (const r of found.filter((f) => (!f.weak || spaces.has(f.code.split('.')[0])) && !opName(f.code)))
    if (!byCode.has(r.code) || (!byCode.get(r.code).about && r.about)) byCode.set(r.code, r);
  return [...byCode.values()].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}

/** The ONNX schema versions (`OP_VERSIONS` in opsets.ts), to anchor every concrete code. */
const ONNX_VERSIONS = new Map(
  [...readFileSync(join(ROOT, 'src/frameworks/onnx/opsets.ts'), 'utf8').matchAll(/^ {2}(\w+): \[([\d, ]+)\],$/gm)].map((m) => [m[1], m[2].split(', ')]),
);

/** The concrete codes a catalogue code stands for (`onnx.Gather-<v>.axis` → one per version). */
function concreteCodes(code, versions = ONNX_VERSIONS) {
  const m = /^onnx\.(\w+)-<v>\.(.+)$/.exec(code);
  if (code.startsWith('<op>')) return []; // no code of its own: the calling op's row names it
  return m ? (versions.get(m[1]) ?? []).map((v) => `onnx.${m[1]}-${v}.${m[2]}`) : [code];
}

/** Test files naming a code, in a string or a test name (any ONNX version; `<op>.rule` ending a string). */
function testsOf(code, tests) {
  const esc = code.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('<v>', '\\d+');
  const re = new RegExp(code.startsWith('<op>') ? `\\w${esc.slice(4)}['"\`]` : `(?<![\\w.-])${esc}(?![\\w-]|\\.\\w)`);
  const named = tests.filter((t) => re.test(t.text));
  // The spec's constraint tables name `'C17'` beside the op (test/core-constraints.test.ts).
  const spec = /^(stablehlo\.\w+)\.([CI]\d+)$/.exec(code);
  const table = spec ? tests.filter((t) => t.text.includes(`'${spec[2]}'`) && t.text.includes(spec[1])) : [];
  return [...new Set([...named, ...table])].map((t) => t.name);
}

const cell = (s) => String(s).replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();

/**
 * The codes renamed on 2026-11-27 (issue 21: one spelling per rule), printed once so a user upgrading
 * finds the new code of the old one. One row per old spelling; `<op>` is the op of the code.
 */
const RENAMED = [
  '## Renamed rule codes',
  '',
  'On 2026-11-27 every rule got one spelling across frameworks: TensorFlow codes start with the framework',
  "name like every other framework's, an index out of range is `<op>.index_out_of_bounds` and a forbidden",
  'duplicate scatter target `<op>.duplicate_indices` everywhere. The old spellings are gone (no aliases).',
  'Codes not listed kept their spelling: `<op>.indices` still names a bad indices argument (not a',
  'Tensor, a wrong dtype or rank), `mxnet.scatter_nd.out_of_bounds` a bad value of its `out_of_bounds`',
  'option, `slice.bounds` a slice that does not fit; the oracle liberty `webnn.indices.out_of_bounds` is no error.',
  '',
  '| old code | new code | ops |',
  '|---|---|---|',
  '| `tf.<op>.<rule>` (`tf.gather.axis`) | `tensorflow.<op>.<rule>` (`tensorflow.gather.axis`) | every TensorFlow code; the oracle liberties `tf.scatter_nd.order`, `tf.gather.devices` too |',
  '| `tf.boolean_mask.bounds` | `tensorflow.boolean_mask.index_out_of_bounds` | tf.boolean_mask |',
  '| `torch.<op>.bounds` (`torch.gather.bounds`) | `torch.<op>.index_out_of_bounds` | every PyTorch op |',
  '| `numpy.<op>.bounds` (`numpy.take.bounds`, `numpy.add.at.bounds`) | `numpy.<op>.index_out_of_bounds` | every NumPy op |',
  '| `onnx.<Op>-<v>.indices`, an index out of range (`onnx.Gather-13.indices`) | `onnx.<Op>-<v>.index_out_of_bounds` | Gather, GatherElements, GatherND, Scatter, ScatterElements, ScatterND |',
  '| `onnx.TensorScatter-24.write_indices`, a write index out of range | `onnx.TensorScatter-24.index_out_of_bounds` | TensorScatter |',
  '| `onnx.<Op>-<v>.duplicates`, a duplicate target | `onnx.<Op>-<v>.duplicate_indices` | Scatter, ScatterElements, ScatterND |',
  '| `caffe2.<Op>.indices`, an index out of range | `caffe2.<Op>.index_out_of_bounds` | Gather, BatchGather |',
  '| `webnn.<op>.indices`, an index out of range | `webnn.<op>.index_out_of_bounds` | gather, gatherElements, gatherND, scatterElements, scatterND |',
  '| `webnn.<op>.duplicates`, a duplicate target | `webnn.<op>.duplicate_indices` | scatterElements, scatterND |',
  '| `directml.<OP>.IndicesTensor.values` | `directml.<OP>.index_out_of_bounds` | GATHER, GATHER_ELEMENTS, GATHER_ND, GATHER_ND1, SCATTER, SCATTER_ND |',
  '| `directml.<OP>.duplicates`, a duplicate target | `directml.<OP>.duplicate_indices` | SCATTER, SCATTER_ND |',
  '| `mlir.tensor.<op>.out_of_bounds` | `mlir.tensor.<op>.index_out_of_bounds` | tensor.gather, tensor.scatter |',
  '| `reference.out_of_bounds` | `reference.index_out_of_bounds` | the reference evaluator |',
];

/** The catalogue as markdown. */
export function renderCatalogue() {
  const rules = collectRules();
  const tests = files('test')
    .filter((f) => !f.endsWith('/rule-catalogue.test.ts')) // it names codes to check the catalogue
    .map((f) => ({ name: relative('test', f), text: readFileSync(join(ROOT, f), 'utf8') }));
  const groups = new Map();
  const untested = [];
  for (const r of rules) {
    const group = r.code.startsWith('<op>') ? 'any op (`<op>`: the op whose call reaches the check)' : r.code.split('.')[0];
    if (!groups.has(group)) groups.set(group, []);
    const named = testsOf(r.code, tests);
    if (named.length === 0) untested.push(r.code);
    const anchors = concreteCodes(r.code).map((c) => `<a id="${c}"></a>`).join('');
    groups.get(group).push(`| ${anchors}\`${r.code}\` | ${cell(r.about)} | \`${r.file}:${r.line}\` | ${named.join(', ')} |`);
  }
  const out = [
    '# Rule codes',
    '',
    'Every error this library throws carries a rule code (`error.code`, also at the end of its message). This',
    "catalogue lists every code the sources can throw: what it means (the words of the source file's rules,",
    'else the message), where it is thrown, and the test files that name it. An ONNX code is written',
    '`onnx.<Op>-<v>.<rule>` (`<v>`: the schema version); each concrete code (`onnx.GatherND-13.index_depth`)',
    "anchors its row. A shared check written `<op>.<rule>` throws the calling op's code. The scan is",
    'static, so it may list a code an op never reaches.',
    '',
    'Generated by `node scripts/rule-catalogue.mjs` (`npm run rules`); test/rule-catalogue.test.ts fails when it is stale.',
    '',
    `${rules.length} codes, ${rules.length - untested.length} named by a test.`,
    '',
    ...RENAMED,
  ];
  for (const [group, rows] of [...groups].sort())
    out.push('', `## ${group}`, '', '| code | meaning | thrown at | tests |', '|---|---|---|---|', ...rows);
  out.push('', '## Rules without a named test', '', `${untested.length} codes:`, '');
  out.push(...untested.map((c) => (c.startsWith('<op>') ? `- \`${c}\`` : `- [\`${c}\`](#${concreteCodes(c)[0]})`)), '');
  return { text: out.join('\n'), rules, untested };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { text, rules, untested } = renderCatalogue();
  const target = join(ROOT, 'docs', 'rules.md');
  const stale = readFileSync(target, 'utf8') !== text;
  if (process.argv.includes('--check')) process.exit(stale ? console.error('docs/rules.md is stale: run `node scripts/rule-catalogue.mjs`') || 1 : 0);
  writeFileSync(target, text);
  console.log(`docs/rules.md: ${rules.length} codes, ${untested.length} without a named test`);
}
