#!/usr/bin/env node
// The deep differential run against the real NumPy and PyTorch:
//   npm run differential -- --n 10000
// runs test/numpy-live.test.ts, test/numpy-take-out-live.test.ts and test/torch-live.test.ts with N
// seeded cases per op family (CI runs 2000; the take-out random test 600) and prints each family's
// count of cases, disagreements and known differences.
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const at = args.indexOf('--n');
const n = at >= 0 ? Number(args[at + 1]) : 10000;
if (!Number.isSafeInteger(n) || n <= 0) {
  console.error('usage: npm run differential -- --n <cases per op family>');
  process.exit(2);
}
const r = spawnSync('npx', ['vitest', 'run', 'test/numpy-live.test.ts', 'test/numpy-take-out-live.test.ts', 'test/torch-live.test.ts', '--testTimeout=0'], {
  stdio: 'inherit',
  env: { ...process.env, DIFFERENTIAL_N: String(n) },
});
process.exit(r.status ?? 1);
