/**
 * TypeDoc plugin: each framework namespace (`onnx`, `torch`, …) renders as a namespace with one
 * page per operator instead of one opaque object type, and each operator page carries what a
 * user needs beside the signature:
 *
 * - the rules of the operator's source file (its header comment: formula, shape rule,
 *   constraints with their rule codes), with the formula blocks as code;
 * - an attribute table read from the attribute/option interfaces of its signature (name, type,
 *   default, description), so "Number of leading dims" is on GatherND's page;
 * - its tensors as the framework's docs name them (torch.gather: `input`, `index` → `out`), read
 *   from the framework's description beside its SIGNATURES (src/frameworks, `wordsOf`);
 * - the framework's own documented examples (src/tables/presets.ts, verbatim, with the
 *   documented result) and a link that opens each in the explorer;
 * - the op's rows of the rule-code catalogue (docs/rules.md) when that file exists.
 *
 * The explorer ships inside the site (`<site>/explorer/`, built with Vite at the end of the
 * render), so "try it" links work wherever the site is served. Presets and attribute defaults
 * are read from the built library (dist/), so `npm run build` comes first (CI does).
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  Application,
  Comment,
  Context,
  Converter,
  PageEvent,
  ParameterReflection,
  ReferenceType,
  ReflectionFlag,
  ReflectionKind,
} from 'typedoc';
import ts from 'typescript';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** Placeholder scheme in comments, rewritten per page into a relative link to the bundled explorer. */
const EXPLORER_SCHEME = 'tgs-explorer:';
/**
 * The same placeholder for Markdown guides (docs/tables.md's cells): TypeDoc reads a link whose
 * scheme is not letters only as a relative file path and warns, so the guides spell it without
 * the hyphen.
 */
const GUIDE_EXPLORER_SCHEME = 'tgsexplorer:';
const DOC_SCHEME = 'tgs-doc:';

/**
 * The explorer link of an operator or a preset: `explorer/index.html#op=onnx.GatherND`, the
 * form explorer/url.ts `readHash` reads (`#preset=<id>` for a documented example, `#s=<state>`
 * for a whole call).
 */
export function explorerLink(target, base = 'explorer/') {
  // A whole state (`s=<payload>`, docs/tables.md's cells) is already a hash.
  if (target.startsWith('s=')) return `${base}index.html#${target}`;
  const [kind, id] = target.startsWith('preset:') ? ['preset', target.slice(7)] : ['op', target];
  return `${base}index.html#${kind}=${encodeURIComponent(id)}`;
}

/** A framework namespace const: `export const onnx = {…}` in src/frameworks/onnx.ts. */
function isFrameworkConst(symbol) {
  const d = symbol.getDeclarations()?.[0];
  if (!d || !ts.isVariableDeclaration(d)) return false;
  const file = d.getSourceFile().fileName;
  return /\/src\/frameworks\/[a-z0-9]+\.ts$/.test(file) && basename(file, '.ts') === symbol.name;
}

/** Does this object type hold operators (a callable property, directly or one level down)? */
function holdsOps(checker, type, depth = 0) {
  if (!(type.flags & ts.TypeFlags.Object) || checker.isArrayLikeType(type)) return false;
  return type.getProperties().some((p) => {
    const t = checker.getTypeOfSymbol(p);
    if (t.getCallSignatures().length > 0) return true;
    return depth < 2 && t.getProperties().length > 0 && holdsOps(checker, t, depth + 1);
  });
}

/** The declaration a namespace member stands for (`{ Gather }` → the `Gather` function). */
function targetDeclaration(checker, symbol) {
  let s = symbol;
  const d = s.getDeclarations()?.[0];
  if (d && ts.isShorthandPropertyAssignment(d)) s = checker.getShorthandAssignmentValueSymbol(d) ?? s;
  else if (d && ts.isPropertyAssignment(d) && ts.isIdentifier(d.initializer))
    s = checker.getSymbolAtLocation(d.initializer) ?? s;
  if (s.flags & ts.SymbolFlags.Alias) s = checker.getAliasedSymbol(s);
  return s.getDeclarations()?.[0];
}

/** The leading doc comment of a file (before its imports), as markdown; formula blocks fenced. */
export function fileRules(text) {
  const m = /^\s*\/\*\*([\s\S]*?)\*\//.exec(text);
  if (!m) return '';
  const lines = m[1].split('\n').map((l) => l.replace(/^\s*\* ?/, ''));
  const out = [];
  let inBlock = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    // An indented line after a blank line starts a formula block (list continuations follow text).
    const indented = /^ {2,}\S/.test(line);
    if (!inBlock && indented && (i === 0 || lines[i - 1].trim() === '')) {
      out.push('```text');
      inBlock = true;
    } else if (inBlock && !indented) {
      out.push('```');
      inBlock = false;
    }
    out.push(inBlock ? line.replace(/^ {2}/, '') : line);
  }
  if (inBlock) out.push('```');
  return out
    .join('\n')
    .replace(/^\s*@example[\s\S]*$/m, '')
    .trim();
}

/** A table cell: inline tags as plain names, a full dtype union as `DType`, pipes escaped. */
const cell = (s) =>
  String(s)
    .replace(/\{@link\s+([^}\s|]+)[^}]*\}/g, '$1')
    .replace(/(?:"[a-z0-9]+" \| ){12,}"[a-z0-9]+"/g, 'DType')
    .replace(/\|/g, '\\|')
    .replace(/\n+/g, ' ')
    .trim();

/** The attribute table of an operator: every property of the interfaces its parameters take. */
function attributeTable(sig, defaults, id) {
  const rows = [];
  for (const p of sig.parameters ?? []) {
    const types = p.type?.type === 'union' ? p.type.types : [p.type];
    for (const t of types) {
      const target = t?.type === 'reference' ? t.reflection : undefined;
      if (!target?.kindOf?.(ReflectionKind.Interface)) continue;
      for (const prop of target.children ?? []) {
        const about = Comment.combineDisplayParts(prop.comment?.summary ?? []);
        const tagged = prop.comment?.getTag('@defaultValue');
        const [fw, ...rest] = id.split('.');
        const dflt =
          (tagged && Comment.combineDisplayParts(tagged.content).replace(/`/g, '')) ??
          defaults[`${id}.${prop.name}`] ??
          defaults[`${fw}.${rest.at(-1)}.${prop.name}`] ??
          defaults[`${fw}.${prop.name}`] ??
          /default(?:s to)?:? ([^;,.]+)/i.exec(about)?.[1] ??
          '';
        rows.push(
          `| \`${p.name}.${prop.name}\` | \`${cell(prop.type?.toString() ?? '')}\` | ${cell(dflt)} | ${cell(about)} |`,
        );
      }
    }
  }
  if (rows.length === 0) return '';
  return ['| attribute | type | default | meaning |', '|---|---|---|---|', ...rows].join('\n');
}

const json = (v) => JSON.stringify(v, (_, x) => (typeof x === 'bigint' ? `${x}n` : x));

/** The framework's documented examples of an operator, verbatim, each with an explorer link. */
function examples(presets, id) {
  return presets
    .filter((p) => p.op === id)
    .map((p) => {
      const args = Object.entries(p.args)
        .map(([k, v]) => `${k.padEnd(8)} = ${json(v)}`)
        .join('\n');
      const result = p.expected !== undefined ? `→ ${json(p.expected)}` : `→ error ${p.expectedError}`;
      return `**${p.title}** (${p.source}) — [open in the explorer](${EXPLORER_SCHEME}preset:${p.id})\n\n\`\`\`text\n${args}\n${result}\n\`\`\``;
    })
    .join('\n\n');
}

/** The op's rows of the rule-code catalogue (docs/rules.md), when the catalogue exists. */
function ruleRows(id) {
  const file = join(ROOT, 'docs', 'rules.md');
  if (!existsSync(file)) return '';
  const lines = readFileSync(file, 'utf8').split('\n');
  const header = lines.findIndex((l) => l.startsWith('|'));
  const rows = lines.filter((l) => l.startsWith('|') && (l.includes(`\`${id}.`) || l.includes(`\`${id}-`)));
  if (header < 0 || rows.length === 0) return '';
  return [lines[header], lines[header + 1], ...rows].join('\n');
}

/**
 * The line naming an op's tensors as its framework's docs do, from its words (`wordsOf`):
 * a gather's data and indices and its result, a scatter's updates too and the tensor written.
 */
export function tensorNamesLine(words, kind) {
  const w = words;
  const inputs =
    kind === 'gather'
      ? `\`${w.operand}\` (data), \`${w.indices}\` (indices) → \`${w.result}\``
      : `\`${w.operand}\` (data), \`${w.indices}\` (indices), \`${w.updates}\` (updates) → \`${w.target}\``;
  return `Tensors, as the framework's docs name them: ${inputs}.`;
}

/** The markdown appended to an operator's page. */
function opSections(op, data, sig) {
  const parts = [`[Try \`${op.id}\` in the explorer](${EXPLORER_SCHEME}${op.id})`];
  const names = data.names(op.id);
  if (names) parts.push(names);
  const rules = fileRules(readFileSync(op.file, 'utf8'));
  if (rules) parts.push(`### Rules (${relative(ROOT, op.file)})\n\n${rules}`);
  const table = attributeTable(sig, data.defaults, op.id);
  if (table) parts.push(`### Attributes\n\n${table}`);
  const ex = examples(data.presets, op.id);
  if (ex) parts.push(`### The framework's documented examples\n\n${ex}`);
  const rows = ruleRows(op.id);
  if (rows) parts.push(`### Rule codes ([catalogue](${DOC_SCHEME}rules))\n\n${rows}`);
  return parts.join('\n\n');
}

/** The whole dtype union, as TypeScript prints `DType` where it reads a value's type. */
const isDTypeUnion = (t) =>
  t?.type === 'union' && t.types.length >= 13 && t.types.every((u) => u.type === 'literal');

/**
 * Type parameters constrained by the whole dtype union (`D extends "float64" | … | "bool"`, as
 * TypeScript prints `DType` where it reads a value's type) show as `D extends DType`, linked.
 */
function nameDType(project) {
  const dtype = project
    .getReflectionsByKind(ReflectionKind.TypeAlias)
    .find((r) => r.name === 'DType' && r.parent?.name === 'index');
  if (!dtype) return;
  for (const r of project.getReflectionsByKind(ReflectionKind.SomeSignature)) {
    for (const tp of r.typeParameters ?? [])
      if (isDTypeUnion(tp.type)) tp.type = ReferenceType.createResolvedReference('DType', dtype, project);
  }
}

/**
 * An operator made from its lowering (`runs(lowerGatherND)`) has one rest parameter typed as a
 * named tuple (`...args: [data, indices, attrs?, options?]`): its page shows the tuple's members
 * as the parameters they are, so the signature reads like a declared function and the attribute
 * table finds `attrs`' interface. A `Tensor` argument typed with the whole dtype union shows as
 * plain `Tensor`.
 */
function spreadRestTuple(sig) {
  const [only] = sig.parameters ?? [];
  if (sig.parameters?.length !== 1 || !only.flags.isRest || only.type?.type !== 'tuple') return;
  sig.parameters = only.type.elements.map((el, i) => {
    const named = el.type === 'namedTupleMember';
    const p = new ParameterReflection(named ? el.name : `arg${i}`, ReflectionKind.Parameter, sig);
    const type = named ? el.element : el.type === 'optional' ? el.elementType : el;
    p.type = type;
    if (type?.type === 'reference' && type.name === 'Tensor' && isDTypeUnion(type.typeArguments?.[0]))
      type.typeArguments = undefined;
    if (named ? el.isOptional : el.type === 'optional') p.setFlag(ReflectionFlag.Optional, true);
    return p;
  });
}

/** Presets, CLI defaults and each op's tensor names from the built library. */
async function libraryData() {
  const dist = (p) => pathToFileURL(join(ROOT, 'dist', p)).href;
  if (!existsSync(join(ROOT, 'dist', 'tables', 'presets.js')))
    throw new Error('typedoc-ops: dist/ is missing; run `npm run build` before `npm run docs`');
  const [{ PRESETS }, { ATTR_DEFAULTS }, { SIGNATURES }, { wordsOf }] = await Promise.all([
    import(dist('tables/presets.js')),
    import(dist('cli/op-help.js')),
    import(dist('tables/registry.js')),
    import(dist('frameworks/index.js')),
  ]);
  const names = (id) => {
    const signature = Object.hasOwn(SIGNATURES, id) ? SIGNATURES[id] : undefined;
    if (!signature) return '';
    return tensorNamesLine(wordsOf({ framework: id.split('.')[0], signature }), signature.kind);
  };
  return { presets: PRESETS, defaults: ATTR_DEFAULTS, names };
}

/** Builds the explorer into `<site>/explorer/` so the op pages' links open it. */
async function buildExplorer(outDir) {
  const vite = await import('vite');
  await vite.build({
    configFile: join(ROOT, 'explorer', 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: join(outDir, 'explorer'), emptyOutDir: true },
  });
}

export async function load(app) {
  const data = await libraryData();
  // Only links with a scheme become links: "ONNX Operators.md" is a file name, not a host.
  app.on(Application.EVENT_BOOTSTRAP_END, () =>
    app.options.setValue('markdownItLoader', (md) => md.linkify.set({ fuzzyLink: false })),
  );
  /** Namespace reflections made from framework consts and their operator-holding members. */
  const namespaces = new WeakSet();
  /** Operator function reflections: their id (`onnx.GatherND`) and source file. */
  const ops = new Map();

  // TypeDoc converts a variable as a namespace (or a member as a function) when its comment has
  // the modifier; the framework consts get it here, so their sources need no TypeDoc tags.
  const getComment = Context.prototype.getComment;
  Context.prototype.getComment = function (symbol, kind) {
    const comment = getComment.call(this, symbol, kind);
    if (kind !== ReflectionKind.Variable) return comment;
    const inside = namespaces.has(this.scope);
    if (!inside && !isFrameworkConst(symbol)) return comment;
    const type = this.checker.getTypeOfSymbol(symbol);
    const modifier =
      type.getCallSignatures().length > 0 ? '@function' : holdsOps(this.checker, type) ? '@namespace' : null;
    if (!modifier) return comment;
    const c = comment ?? new Comment();
    c.modifierTags.add(modifier);
    return c;
  };

  app.converter.on(Converter.EVENT_CREATE_DECLARATION, (context, reflection) => {
    if (reflection.kindOf(ReflectionKind.Namespace)) {
      const symbol = context.getSymbolFromReflection(reflection);
      if (namespaces.has(context.scope) || (symbol && isFrameworkConst(symbol))) namespaces.add(reflection);
      return;
    }
    if (!reflection.kindOf(ReflectionKind.Function) || !namespaces.has(reflection.parent)) return;
    const path = [reflection.name];
    for (let r = reflection.parent; namespaces.has(r); r = r.parent) path.unshift(r.name);
    const id = path.join('.');
    if (id.split('.').includes('lower')) return; // lower.<Op> returns the call; the op page explains it
    const symbol = context.getSymbolFromReflection(reflection);
    const decl = symbol && targetDeclaration(context.checker, symbol);
    if (decl) ops.set(reflection, { id, file: decl.getSourceFile().fileName });
  });

  app.converter.on(Converter.EVENT_RESOLVE_END, (context) => {
    nameDType(context.project);
    for (const [reflection, op] of ops) {
      const sig = reflection.signatures?.[0];
      if (!sig) continue;
      spreadRestTuple(sig);
      sig.comment ??= new Comment();
      sig.comment.summary.push({ kind: 'text', text: `\n\n${opSections(op, data, sig)}\n` });
    }
  });

  // Placeholder links become relative links from each page to the bundled explorer / documents.
  app.renderer.on(PageEvent.END, (page) => {
    if (!page.contents) return;
    const up = '../'.repeat(page.url.split('/').length - 1);
    page.contents = page.contents
      .replace(new RegExp(`href="(?:${EXPLORER_SCHEME}|${GUIDE_EXPLORER_SCHEME})([^"]+)"`, 'g'), (_, t) => `href="${explorerLink(t, `${up}explorer/`)}"`)
      .replace(new RegExp(`href="${DOC_SCHEME}([a-z0-9-]+)"`, 'g'), `href="${up}documents/$1.html"`);
  });

  app.renderer.postRenderAsyncJobs.push(async (event) => {
    if (process.env.TGS_DOCS_NO_EXPLORER !== '1') await buildExplorer(event.outputDirectory);
  });
}
