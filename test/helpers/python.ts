/**
 * One /usr/bin/python3 process for a batch of live cases: the script reads its JSON input from
 * argv[1] and writes its JSON answer to argv[2] (files, not pipes: a large batch neither blocks
 * on a full pipe nor mixes with what Python prints). A non-zero exit fails with its stderr.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const PYTHON = '/usr/bin/python3';

/** `script` run once on `input` (as JSON); its JSON answer. */
export function runPythonJson<T>(script: string, input: unknown): T {
  const dir = mkdtempSync(join(tmpdir(), 'python-peer-'));
  try {
    writeFileSync(join(dir, 'in.json'), JSON.stringify(input));
    const py = spawnSync(
      PYTHON,
      ['-W', 'ignore', '-c', script, join(dir, 'in.json'), join(dir, 'out.json')],
      {
        encoding: 'utf8',
        // a peer that hangs (NumPy has calls that loop forever) fails the test, not the run
        timeout: 120_000,
      },
    );
    if (py.status !== 0) throw new Error(`peer failed (${py.signal ?? py.status}): ${py.stderr}`);
    return JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8')) as T;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
