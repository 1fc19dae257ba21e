/**
 * The behaviour tables, measured: the comparison article's Table 1 (GatherND / ScatterND across
 * ONNX, TF, MXNet) and Table 2 (Gather / Take across ONNX, TF, Caffe2, NumPy, MXNet), plus one
 * table of every registered operator. Every cell comes from running the probes; the article's
 * own cells are kept only to footnote where today's behaviour differs from what it printed.
 */
import { cellTarget } from './cell-links.js';
import { type Category, type ProbeName, type ProbeResult, runModes, runProbe } from './probes.js';
import { type OpEntry, buildRegistry } from './registry.js';

/** A cell as the article printed it, with the categories that text means. */
interface ArticleCell {
  readonly text: string;
  readonly cats: readonly Category[];
}
const A = (text: string, ...cats: Category[]): ArticleCell => ({ text, cats });

interface TableSpec {
  /** Footnote prefix. */
  readonly key: string;
  readonly title: string;
  /** Column groups: header → op ids. */
  readonly groups: readonly { readonly header: string; readonly ops: readonly string[] }[];
  readonly rows: readonly {
    readonly label: string;
    readonly probe: ProbeName;
    readonly article: readonly ArticleCell[];
  }[];
}

/** Table 1 of the comparison article. */
export const TABLE1: TableSpec = {
  key: 't1',
  title: 'Table 1: GatherND / ScatterND',
  groups: [
    { header: 'GatherND', ops: ['onnx.GatherND', 'tensorflow.gather_nd', 'mxnet.gather_nd'] },
    { header: 'ScatterND', ops: ['onnx.ScatterND', 'tensorflow.scatter_nd', 'mxnet.scatter_nd'] },
  ],
  rows: [
    {
      label: 'Negative indices',
      probe: 'negative_index',
      article: [
        A('Supported', 'from_end'),
        A('Not Supported', 'error'),
        A('Not Supported', 'error'),
        A('Supported', 'from_end'),
        A('Not supported', 'error'),
        A('Not supported', 'error'),
      ],
    },
    {
      label: 'Duplicate indices',
      probe: 'duplicate_index',
      article: [
        A('Allowed', 'allowed'),
        A('Allowed', 'allowed'),
        A('Allowed', 'allowed'),
        A('Error', 'error'),
        A('Accumulate', 'accumulate'),
        A('Non-deterministic result'),
      ],
    },
    {
      label: 'Locations not covered by indices',
      probe: 'not_covered',
      article: [
        A('NA', 'na'),
        A('NA', 'na'),
        A('NA', 'na'),
        A('Same as data tensor', 'same_as_data'),
        A('Zero', 'zero'),
        A('Zero', 'zero'),
      ],
    },
    {
      label: 'Out of bound indices',
      probe: 'out_of_bounds',
      article: [
        A('Error', 'error'),
        A('Error/Zero', 'error', 'zero'),
        A('Error', 'error'),
        A('Error', 'error'),
        A('Zero', 'zero'),
        A('Error', 'error'),
      ],
    },
  ],
};

/** Table 2 of the comparison article. */
export const TABLE2: TableSpec = {
  key: 't2',
  title: 'Table 2: Gather / Take',
  groups: [
    { header: 'ONNX Gather', ops: ['onnx.Gather'] },
    { header: 'TF Gather', ops: ['tensorflow.gather'] },
    { header: 'Caffe2 Gather', ops: ['caffe2.Gather'] },
    { header: 'NumPy Take', ops: ['numpy.take'] },
    { header: 'MXNet Take', ops: ['mxnet.take'] },
  ],
  rows: [
    {
      label: 'If axis is not specified',
      probe: 'default_axis',
      article: [
        A('Defaults to the outermost axis', 'axis0'),
        A('Defaults to the first non-batch dimension', 'first_non_batch'),
        A('NA, axis is always outermost axis', 'axis0', 'na'),
        A('Input is flattened', 'flattened'),
        A('Defaults to the outermost axis', 'axis0'),
      ],
    },
    {
      label: 'Negative axis',
      probe: 'negative_axis',
      article: [
        A('Supported', 'supported'),
        A('Supported', 'supported'),
        A('NA', 'na'),
        A('Supported', 'supported'),
        A('Supported', 'supported'),
      ],
    },
    {
      label: 'Negative indices',
      probe: 'negative_index',
      article: [
        A('Supported (always wrap around)', 'from_end'),
        A('Not Supported', 'error'),
        A('Not Supported', 'error'),
        A('Supported with different modes (raise, wrap, clip)', 'modes'),
        A('Supported with different modes (raise, wrap, clip)', 'modes'),
      ],
    },
    {
      label: 'Out of bound indices',
      probe: 'out_of_bounds',
      article: [
        A('Error', 'error'),
        A('Zero in GPU/Error in CPU', 'zero', 'error'),
        A('Error', 'error'),
        A('Supported with different modes (raise, wrap, clip)', 'modes'),
        A('Supported with different modes (raise, wrap, clip)', 'modes'),
      ],
    },
  ],
};

/** A measured cell: the text and the categories of every variant measured. */
interface Measured {
  readonly text: string;
  readonly cats: readonly Category[];
}

type NS = Readonly<Record<string, unknown>>;

/**
 * Measures one probe on one op, over the variants that matter: every `mode` for index probes
 * of ops that have modes, every device for TF (its out-of-bounds rule is per device).
 */
export function measure(ns: NS, entry: OpEntry | undefined, probe: ProbeName): Measured {
  if (!entry || entry.state === 'missing') return { text: '_not implemented yet_', cats: ['missing'] };
  const indexProbe = probe === 'negative_index' || probe === 'out_of_bounds';
  if (indexProbe && entry.signature.modes?.length) {
    const r = runModes(ns, entry, probe);
    return { text: r.text, cats: ['modes'] };
  }
  const version = entry.signature.version;
  if (version?.key === 'device' && (indexProbe || probe === 'duplicate_index')) {
    const results = (['cpu', 'gpu'] as const).map(
      (device) => [device, runProbe(ns, entry, probe, { version: device })] as const,
    );
    if (results[0][1].text === results[1][1].text)
      return { text: results[0][1].text, cats: [results[0][1].category] };
    return {
      text: results.map(([d, r]) => `${r.text} (${d.toUpperCase()})`).join(' / '),
      cats: [...new Set(results.map(([, r]) => r.category))],
    };
  }
  const r: ProbeResult = runProbe(ns, entry, probe);
  return { text: r.text, cats: [r.category] };
}

const sameSet = (a: readonly Category[], b: readonly Category[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

/** For negative indices the article only says supported or not: any refusal (error, zero, ignored) is "not supported". */
function comparable(probe: ProbeName, cats: readonly Category[]): Category[] {
  if (probe !== 'negative_index') return [...cats];
  return [
    ...new Set(cats.map((c): Category => (c === 'zero' || c === 'filled' || c === 'ignored' ? 'error' : c))),
  ];
}

/** Known reasons for a difference, and measured extras worth a footnote even without one. */
const EXTRAS: Readonly<Record<string, (ns: NS, entry: OpEntry) => string | undefined>> = {
  'onnx.ScatterND/duplicate_index': (ns, e) =>
    `Since opset 16 ScatterND has \`reduction\`; measured with \`reduction: 'add'\`: ${runProbe(ns, e, 'duplicate_index', { attrs: { reduction: 'add' } }).text}; with \`reduction: 'max'\` (opset 18): ${runProbe(ns, e, 'duplicate_index', { attrs: { reduction: 'max' } }).text}.`,
  'mxnet.scatter_nd/duplicate_index': () =>
    'MXNet leaves the order of duplicate writes unspecified; this library applies updates in row-major index order, so the result is deterministic.',
  'tensorflow.scatter_nd/out_of_bounds': () =>
    'The TF docs give an error on CPU and an ignored update on GPU; no device writes zeros.',
  'caffe2.Gather/default_axis': () =>
    'Caffe2’s Gather takes an `axis` argument (default 0) in current caffe2/operators/gather_op.h.',
  'caffe2.Gather/negative_axis': () =>
    'The `axis` argument accepts negative values like every other axis argument.',
  'caffe2.Gather/negative_index': (ns, e) =>
    `Caffe2 wraps negative indices when \`wrap_indices\` is set, and it defaults to true for axis 0 (kept for ONNX export); with \`wrap_indices: false\`: ${runProbe(ns, e, 'negative_index', { attrs: { wrap_indices: false } }).text}.`,
  'mxnet.gather_nd/negative_index': () =>
    'Newer MXNet 1.x kernels wrap negative indices once; the article describes 1.6.',
};

/** How the tables are rendered: `links` makes every measured cell open its probe in the explorer. */
export interface TableOptions {
  readonly links?: boolean;
}

/**
 * Cell links as Markdown reference links (`[text][t1-2-3]`, the targets listed under the
 * table), so the table stays readable as text; `defs` collects the targets.
 */
function linker(options: TableOptions, defs: string[]) {
  return (text: string, label: string, entry: OpEntry | undefined, probe: ProbeName): string => {
    const target = options.links && text && !text.startsWith('_') ? cellTarget(entry, probe) : null;
    if (!target) return text;
    defs.push(`[${label}]: ${target}`);
    return `[${text}][${label}]`;
  };
}

/** The table, then its link targets after a blank line (a definition inside the table would be a row). */
const withDefs = (lines: readonly string[], defs: readonly string[]) =>
  defs.length ? [...lines, '', ...defs] : [...lines];

/** Renders one of the article's tables, measured, with footnotes. */
export function renderArticleTable(
  ns: NS,
  registry: readonly OpEntry[],
  spec: TableSpec,
  options: TableOptions = {},
): string {
  const defs: string[] = [];
  const link = linker(options, defs);
  const byId = new Map(registry.map((e) => [e.id, e]));
  const ops = spec.groups.flatMap((g) => g.ops);
  const notes: string[] = [];
  const lines: string[] = [];
  lines.push(`### ${spec.title}`, '');
  const groupRow = spec.groups.flatMap((g) => g.ops.map((_, i) => (i === 0 ? g.header : '')));
  const multi = spec.groups.some((g) => g.ops.length > 1);
  const header = ops.map((id) => `\`${id}\``);
  lines.push(
    `| | ${(multi ? groupRow.map((g, i) => (g ? `${g}: ${header[i]}` : header[i])) : header).join(' | ')} |`,
  );
  lines.push(`|---|${ops.map(() => '---').join('|')}|`);
  spec.rows.forEach((row, r) => {
    const cells = ops.map((id, i) => {
      const entry = byId.get(id);
      const m = measure(ns, entry, row.probe);
      const art = row.article[i];
      const marks: string[] = [];
      const key = `${id}/${row.probe}`;
      if (entry && entry.state !== 'missing') {
        const extra = EXTRAS[key]?.(ns, entry);
        if (!sameSet(comparable(row.probe, m.cats), comparable(row.probe, art.cats))) {
          notes.push(
            `\`${id}\`, ${row.label.toLowerCase()}: the article says “${art.text}”; measured today: ${m.text}.${extra ? ` ${extra}` : ''}`,
          );
          marks.push(`[^${spec.key}-${notes.length}]`);
        } else if (extra && key === 'onnx.ScatterND/duplicate_index') {
          notes.push(`\`${id}\`, ${row.label.toLowerCase()}: ${extra}`);
          marks.push(`[^${spec.key}-${notes.length}]`);
        }
      }
      return `${link(m.text, `${spec.key}-${r + 1}-${i + 1}`, entry, row.probe)}${marks.join('')}`;
    });
    lines.push(`| ${row.label} | ${cells.join(' | ')} |`);
  });
  const out = withDefs(lines, defs);
  if (notes.length) {
    out.push('');
    for (const [i, n] of notes.entries()) out.push(`[^${spec.key}-${i + 1}]: ${n}`);
  }
  return out.join('\n');
}

const ALL_PROBES: readonly { readonly probe: ProbeName; readonly label: string }[] = [
  { probe: 'negative_index', label: 'Negative index' },
  { probe: 'out_of_bounds', label: 'Out-of-bounds index' },
  { probe: 'duplicate_index', label: 'Duplicate index' },
  { probe: 'not_covered', label: 'Locations not covered' },
  { probe: 'default_axis', label: 'Default axis' },
];

/** One row per registered operator, every probe. */
export function renderAllOps(ns: NS, registry: readonly OpEntry[], options: TableOptions = {}): string {
  const defs: string[] = [];
  const link = linker(options, defs);
  const lines = [
    '### Every registered operator',
    '',
    `| operator | ${ALL_PROBES.map((p) => p.label).join(' | ')} |`,
    `|---|${ALL_PROBES.map(() => '---').join('|')}|`,
  ];
  const missing: string[] = [];
  for (const e of registry) {
    if (e.state === 'missing') {
      missing.push(`\`${e.id}\``);
      continue;
    }
    if (e.signature.noProbe) {
      lines.push(
        `| \`${e.id}\` | probes do not apply: ${e.signature.noProbe} |${ALL_PROBES.slice(1)
          .map(() => ' |')
          .join('')}`,
      );
      continue;
    }
    const cells = ALL_PROBES.map(({ probe }) => {
      if (probe === 'default_axis' && e.signature.family !== 'take') return '';
      if (probe === 'not_covered' && e.signature.kind === 'gather') return '';
      return link(measure(ns, e, probe).text, `${e.id}/${probe}`, e, probe);
    });
    lines.push(`| \`${e.id}\`${e.note ? ' †' : ''} | ${cells.join(' | ')} |`);
  }
  lines.push(...withDefs([], defs));
  if (registry.some((e) => e.note && e.state !== 'missing'))
    lines.push('', '† signature assumed; see the registry note.');
  if (missing.length) lines.push('', `Not implemented yet (skipped): ${missing.join(', ')}.`);
  return lines.join('\n');
}

/**
 * The whole document `tensor-gather-scatter table` prints and docs/tables.md holds; its cells
 * link their probe in the explorer unless `links: false` (the explorer's own view links them).
 */
export function behaviourTables(
  ns: NS,
  registry: readonly OpEntry[] = buildRegistry(ns),
  options: TableOptions = { links: true },
): string {
  return [
    '# Gather / scatter behaviour, measured',
    '',
    '<!-- Generated by `tensor-gather-scatter table` (src/tables/). Do not edit: regenerate. -->',
    '',
    'Every cell below comes from executing the operator on a small probe (data[r][c] = 10·(r+1) + c, 3×3) and',
    'reading the trace of its lowered call. The first two tables follow Tables 1 and 2 of the comparison article,',
    `${ARTICLE.cite}; footnotes mark where today’s behaviour differs from what the article printed.`,
    ...(options.links
      ? ['Each measured cell opens its probe in the explorer (in the API site, `npm run docs`).']
      : []),
    '',
    renderArticleTable(ns, registry, TABLE1, options),
    '',
    renderArticleTable(ns, registry, TABLE2, options),
    '',
    renderAllOps(ns, registry, options),
    '',
  ].join('\n');
}

/** The comparison article the first two tables follow (seed document 000), as a Markdown citation. */
export const ARTICLE = {
  url: 'https://www.pathpartnertech.com/gather-scatter-operation-in-deep-learning-framework/',
  cite: 'R. Unnimadhavan and M. Hattihalli Gangadharaiah, [“All About Gather-Scatter Operation in Deep Learning Framework”](https://www.pathpartnertech.com/gather-scatter-operation-in-deep-learning-framework/), PathPartner Technology, 21 August 2020',
} as const;
