/**
 * The demo: runs the seed documents' worked examples through the library and prints them.
 * `npm run demo`. The examples are the explorer's presets (src/tables/presets.ts), so the demo
 * prints exactly what a test checks against the documented output.
 */
import { FRAMEWORKS, NAMESPACES } from './index.js';
import { PRESETS } from './tables/presets.js';
import { type OpEntry, buildRegistry, executeCall } from './tables/registry.js';

const show = (title: string, value: unknown) => {
  console.log(`\n## ${title}\n${JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? Number(v) : v))}`);
};

/**
 * The StableHLO batching-dims RFC's gather (its [0, 9] start is clamped) and scatter-add (the
 * [0, 9] window is skipped), and the jax.lax.gather doc example (x[indices] with x = [10, 11, 12]).
 */
const EXAMPLES = ['stablehlo-gather-batching', 'stablehlo-scatter-batching', 'jax-lax-gather-hlo'];

const namespaces = NAMESPACES as unknown as Readonly<Record<string, unknown>>;
const registry = buildRegistry(namespaces);
for (const preset of PRESETS.filter((p) => EXAMPLES.includes(p.id))) {
  const entry = registry.find((e) => e.id === preset.op) as OpEntry; // every preset's op is registered
  show(
    `${preset.op}: ${preset.title} (${preset.source})`,
    executeCall(namespaces, entry, preset.args).toArray(),
  );
}

// The frameworks come from the library's one list (src/frameworks/index.ts).
console.log(`\nframeworks: ${FRAMEWORKS.join(', ')}`);
