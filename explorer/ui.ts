/**
 * The explorer page's elements (by id, from index.html), the registry every panel reads, and the
 * WebGPU toggle: built once when the page loads, shared by the state, controls and views.
 */
import { buildRegistry } from '../src/tables/registry.js';
import { NAMESPACES } from './namespaces.js';
import { withTuples } from './tuple-ops.js';
import { webgpuToggle } from './webgpu.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** The registry, with the index-tuple ops the paste box reads `x[i, j]` as (tuple-ops.ts). */
export const registry = withTuples(buildRegistry(NAMESPACES));
export const ui = {
  framework: $<HTMLSelectElement>('framework'),
  op: $<HTMLSelectElement>('op'),
  version: $<HTMLSelectElement>('version'),
  versionLabel: $<HTMLLabelElement>('version-label'),
  preset: $<HTMLSelectElement>('preset'),
  run: $<HTMLButtonElement>('run'),
  copyLink: $<HTMLButtonElement>('copy-link'),
  linkNote: $<HTMLParagraphElement>('link-note'),
  note: $<HTMLParagraphElement>('op-note'),
  paste: $<HTMLTextAreaElement>('paste'),
  pasteRun: $<HTMLButtonElement>('paste-run'),
  pasteError: $<HTMLParagraphElement>('paste-error'),
  pastePick: $<HTMLSelectElement>('paste-pick'),
  pastePickLabel: $<HTMLLabelElement>('paste-pick-label'),
  data: $<HTMLTextAreaElement>('data'),
  dataEditor: $<HTMLLabelElement>('data-editor'),
  dataDType: $<HTMLSelectElement>('data-dtype'),
  indices: $<HTMLTextAreaElement>('indices'),
  indexDType: $<HTMLSelectElement>('index-dtype'),
  updates: $<HTMLTextAreaElement>('updates'),
  updatesEditor: $<HTMLLabelElement>('updates-editor'),
  attrs: $<HTMLTextAreaElement>('attrs'),
  error: $<HTMLDivElement>('error'),
  path: $<HTMLParagraphElement>('path'),
  grids: $<HTMLDivElement>('grids'),
  legend: $<HTMLDivElement>('legend'),
  derivation: $<HTMLDivElement>('derivation'),
  arithSection: $<HTMLElement>('arith-section'),
  arith: $<HTMLDivElement>('arith'),
  arithAll: $<HTMLDivElement>('arith-all'),
  code: $<HTMLPreElement>('code'),
  codeLang: $<HTMLSpanElement>('code-lang'),
  copyCode: $<HTMLButtonElement>('copy-code'),
  hlo: $<HTMLPreElement>('hlo'),
  elsewhere: $<HTMLDivElement>('elsewhere'),
  tablesDetails: $<HTMLDetailsElement>('tables-details'),
  tables: $<HTMLDivElement>('tables'),
};

/** "Run on WebGPU" (explorer/webgpu.ts): re-runs each shown call on the GPU when checked. */
export const webgpu = webgpuToggle($<HTMLInputElement>('webgpu'), $<HTMLParagraphElement>('webgpu-status'));
