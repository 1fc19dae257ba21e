/**
 * The oracle's generator, campaign, table and lookups as the package exports them, checked at
 * the entry: an argument of the wrong kind gets a typed error naming its rule
 * (`oracle.campaign.<argument>`, `oracle.why.lower`, or the lowered-call validator's `call.*`
 * codes) instead of a TypeError from deep inside. The CLI and `verify` call the unchecked
 * originals with values they built themselves.
 */
import { checkCall } from '../core/check-call.js';
import { InvalidArgumentError, fmt } from '../errors.js';
import type { LoweredCall } from '../ir/lowered.js';
import type { CallArgs, OpEntry } from '../tables/registry.js';
import { type DType, isDType } from '../tensor/dtype.js';
import * as allowed from './allowed.js';
import * as campaign from './campaign.js';
import * as explain from './why.js';

function bad(code: string, where: string, what: string, got: unknown): never {
  throw new InvalidArgumentError(code, `${where}: ${what}; got ${fmt(got)}`, { got: fmt(got) });
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

/** The liberties the framework of `call` grants it (none: one answer is pinned). */
export function libertiesOf(call: LoweredCall): allowed.Liberties {
  checkCall(call, 'libertiesOf');
  return allowed.libertiesOf(call);
}

/** Lowers (through `lower`, a function returning a lowered call) and lists every violation it can find. */
export function why(lower: () => LoweredCall): explain.Why {
  if (typeof lower !== 'function')
    bad('oracle.why.lower', 'why', 'lower must be a function that returns a lowered call', lower);
  return explain.why(lower);
}

/** A seeded PRNG (mulberry32): one seed, a finite number, drives a whole campaign. */
export function prng(seed: number): campaign.Prng {
  if (typeof seed !== 'number' || !Number.isFinite(seed))
    bad('oracle.campaign.seed', 'prng', 'seed must be a finite number', seed);
  return campaign.prng(seed);
}

function checkDTypes(dtypes: unknown, where: string): void {
  if (!(Array.isArray(dtypes) && dtypes.length > 0 && dtypes.every(isDType)))
    bad('oracle.campaign.dtypes', where, 'dtypes must be a non-empty array of dtype names', dtypes);
}

/**
 * One random call of `entry` (a registry entry) drawn with `r` (a `prng`), its data of one of
 * `dtypes` (see the campaign module for what it draws).
 */
export function randomCall(entry: OpEntry, r: campaign.Prng, dtypes?: readonly DType[]): CallArgs {
  const s = isRecord(entry) ? entry.signature : undefined;
  if (
    !isRecord(s) ||
    typeof s.family !== 'string' ||
    typeof s.kind !== 'string' ||
    !(s.example === undefined || isRecord(s.example)) ||
    !(s.modes === undefined || (isStrings(s.modes) && s.modes.length > 0))
  )
    bad('oracle.campaign.entry', 'randomCall', 'entry must be an op of the registry (buildRegistry)', entry);
  const p = r as Partial<Record<keyof campaign.Prng, unknown>> | null;
  if (
    !isRecord(p) ||
    typeof p.next !== 'function' ||
    typeof p.int !== 'function' ||
    typeof p.pick !== 'function'
  )
    bad('oracle.campaign.prng', 'randomCall', 'r must be a PRNG (prng(seed))', r);
  if (dtypes === undefined) return campaign.randomCall(entry, r);
  checkDTypes(dtypes, 'randomCall');
  return campaign.randomCall(entry, r, dtypes);
}

function checkRuntime(runtime: unknown): void {
  if (
    !isRecord(runtime) ||
    typeof runtime.name !== 'string' ||
    !isStrings(runtime.ops) ||
    typeof runtime.run !== 'function'
  )
    bad('oracle.campaign.runtime', 'runCampaign', 'runtime must be { name, ops, run }', runtime);
  if (runtime.dtypes !== undefined) checkDTypes(runtime.dtypes, 'runCampaign: runtime.dtypes');
}

function checkOptions(o: unknown): void {
  const ok =
    isRecord(o) &&
    Number.isSafeInteger(o.n) &&
    (o.n as number) >= 0 &&
    typeof o.seed === 'number' &&
    Number.isFinite(o.seed) &&
    (o.ops === undefined || isStrings(o.ops)) &&
    (o.timeoutMs === undefined || (typeof o.timeoutMs === 'number' && o.timeoutMs > 0)) &&
    (o.progress === undefined || typeof o.progress === 'function');
  if (!ok) bad('oracle.campaign.options', 'runCampaign', OPTIONS_RULE, o);
}

const OPTIONS_RULE =
  'options must be { n: an integer ≥ 0, seed: a finite number, ops?: op ids, timeoutMs?: > 0, progress?: a function }';

/** Runs the campaign and returns its report (departures sorted by op, then class). */
export async function runCampaign(
  runtime: campaign.Runtime,
  namespaces: Readonly<Record<string, unknown>>,
  options: campaign.CampaignOptions,
): Promise<campaign.CampaignReport> {
  checkRuntime(runtime);
  const rule = 'namespaces must be the package’s framework namespaces';
  if (!isRecord(namespaces)) bad('oracle.campaign.namespaces', 'runCampaign', rule, namespaces);
  checkOptions(options);
  return campaign.runCampaign(runtime, namespaces, options);
}

/** Whether `JSON.stringify` takes `v` (a BigInt or a cycle makes it throw a TypeError). */
function isJson(v: unknown): boolean {
  try {
    JSON.stringify(v);
    return true;
  } catch (e) {
    if (!(e instanceof TypeError)) throw e;
    return false;
  }
}

/** Whether `d` is a departure as `runCampaign` reports it (its example's tensors as JSON). */
function isDeparture(d: unknown): boolean {
  if (!isRecord(d) || typeof d.op !== 'string' || typeof d.class !== 'string' || typeof d.count !== 'number')
    return false;
  const x = d.example;
  if (!isRecord(x) || !isRecord(x.inputs) || !isRecord(x.attributes) || !isJson(x.attributes)) return false;
  return Object.values(x.inputs).every(
    (t) => isRecord(t) && Array.isArray(t.values) && Array.isArray(t.shape) && isJson(t.values),
  );
}

/** The departure table of a campaign's report: op, class, count, smallest example. */
export function departureTable(report: campaign.CampaignReport): string {
  const r = report as unknown;
  const ok =
    isRecord(r) &&
    typeof r.runtime === 'string' &&
    ['cases', 'agree', 'allowed'].every((k) => typeof r[k] === 'number') &&
    Array.isArray(r.departures) &&
    r.departures.every(isDeparture);
  if (!ok) bad('oracle.campaign.report', 'departureTable', 'report must be a report of runCampaign', report);
  return campaign.departureTable(report);
}
