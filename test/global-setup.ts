/**
 * Builds the explorer into explorer-dist/ once, before any test file runs. The tests that serve
 * or pack it (explorer, cli-polish, serve-hostile, hostile-link, install) run in parallel forks;
 * each building it for itself raced: one fork's Vite build emptied the directory another was
 * serving or packing.
 */
import { buildExplorer } from '../scripts/serve.mjs';

export default async function setup(): Promise<void> {
  await buildExplorer();
}
