/**
 * The CLI launcher (src/cli/launch.ts): when it re-executes with transparent huge pages, and
 * that the re-executed CLI passes the environment, the exit status and signals through.
 */
import { spawn, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  GUARD_ENV,
  HUGETLB_TUNABLE,
  type LaunchHost,
  hugepageTunables,
  processHost,
} from '../src/cli/launch.js';

const LAUNCHER = resolve('dist/cli/launch.js');

function host(over: Partial<LaunchHost> & { env?: NodeJS.ProcessEnv } = {}): LaunchHost {
  return {
    platform: 'linux',
    env: {},
    glibc: () => '2.36',
    thpMode: () => 'always [madvise] never\n',
    ...over,
  };
}

describe('hugepageTunables: when the launcher re-executes', () => {
  it('adds the tunable on glibc ≥ 2.35 Linux with THP available', () => {
    expect(hugepageTunables(host())).toBe(HUGETLB_TUNABLE);
    expect(hugepageTunables(host({ thpMode: () => '[always] madvise never' }))).toBe(HUGETLB_TUNABLE);
    expect(hugepageTunables(host({ glibc: () => '3.0' }))).toBe(HUGETLB_TUNABLE);
  });
  it('appends to tunables the user set, keeping theirs', () => {
    expect(hugepageTunables(host({ env: { GLIBC_TUNABLES: 'glibc.malloc.check=0' } }))).toBe(
      `glibc.malloc.check=0:${HUGETLB_TUNABLE}`,
    );
  });
  it.each([
    ['the guard is set (the re-executed child)', host({ env: { [GUARD_ENV]: '1' } })],
    ['TGS_HUGEPAGES=0', host({ env: { TGS_HUGEPAGES: '0' } })],
    ['the user chose hugetlb already', host({ env: { GLIBC_TUNABLES: 'glibc.malloc.hugetlb=0' } })],
    ['not Linux', host({ platform: 'darwin' })],
    ['not glibc (musl)', host({ glibc: () => undefined })],
    ['glibc older than 2.35 (no such tunable)', host({ glibc: () => '2.31' })],
    ['THP off in the kernel', host({ thpMode: () => 'always madvise [never]' })],
  ])('runs in place when %s', (_why, h) => {
    expect(hugepageTunables(h)).toBeNull();
  });
});

/** NODE_OPTIONS module that reports, from each process, its pid, tunables and guard. */
const REPORT =
  '--import=data:text/javascript,process.stderr.write(JSON.stringify({pid:process.pid,t:process.env.GLIBC_TUNABLES||null,g:process.env.TGS_HUGEPAGES_CHILD||null})+String.fromCharCode(10))';

function reports(stderr: string): { pid: number; t: string | null; g: string | null }[] {
  return stderr
    .split('\n')
    .filter((l) => l.startsWith('{"pid"'))
    .map((l) => JSON.parse(l));
}

// The end-to-end half needs a host where the launcher re-executes (glibc Linux with THP).
const reexecs = hugepageTunables({ ...processHost, env: {} }) !== null;

describe.runIf(reexecs)('the built launcher (dist/cli/launch.js)', () => {
  const run = (args: string[], env: NodeJS.ProcessEnv = {}) =>
    spawnSync(process.execPath, [LAUNCHER, ...args], {
      env: { ...process.env, GLIBC_TUNABLES: '', TGS_HUGEPAGES: '', [GUARD_ENV]: undefined, ...env },
      encoding: 'utf8',
      timeout: 30_000,
    });

  it('re-executes once, the child with the tunable and the guard; stdout and status pass through', () => {
    const r = run(['run', 'onnx.Gather', '--data', '[[1,2],[3,4]]', '--indices', '[1]'], {
      NODE_OPTIONS: REPORT,
    });
    expect(r.stdout.trim()).toBe('[[3,4]]');
    expect(r.status).toBe(0);
    const seen = reports(r.stderr);
    expect(seen).toHaveLength(2);
    expect(seen[0].t).toBeNull(); // GLIBC_TUNABLES is empty in the launcher
    expect(seen[1]).toMatchObject({ t: HUGETLB_TUNABLE, g: '1' });
  });

  it('passes a usage error status (2) and its message through', () => {
    const r = run(['bogus']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('cli.unknown_command');
  });

  it('TGS_HUGEPAGES=0 runs in one process', () => {
    const r = run(['--version'], { NODE_OPTIONS: REPORT, TGS_HUGEPAGES: '0' });
    expect(r.status).toBe(0);
    expect(reports(r.stderr)).toHaveLength(1);
  });

  it('dies of the signal that killed the child', () => {
    // The child (guard set) sends itself SIGTERM while starting.
    const kill = `--import=data:text/javascript,if(process.env.${GUARD_ENV})process.kill(process.pid,'SIGTERM')`;
    const r = run(['--version'], { NODE_OPTIONS: kill });
    expect(r.signal).toBe('SIGTERM');
  });

  it('forwards SIGTERM sent to the launcher to the child', async () => {
    // The child announces itself and then waits; the test signals the launcher only.
    const wait = `--import=data:text/javascript,if(process.env.${GUARD_ENV}){process.stderr.write('child:'+process.pid+String.fromCharCode(10));setInterval(()=>{},1000)}`;
    const p = spawn(process.execPath, [LAUNCHER, '--version'], {
      env: { ...process.env, GLIBC_TUNABLES: '', [GUARD_ENV]: undefined, NODE_OPTIONS: wait },
    });
    const childPid = await new Promise<number>((res) => {
      p.stderr.on('data', (d: Buffer) => {
        const m = /child:(\d+)/.exec(String(d));
        if (m) res(Number(m[1]));
      });
    });
    p.kill('SIGTERM');
    const [, signal] = await new Promise<[number | null, string | null]>((res) =>
      p.on('exit', (c, s) => res([c, s])),
    );
    expect(signal).toBe('SIGTERM');
    expect(alive(childPid)).toBe(false);
  }, 30_000);
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    if (e instanceof Error && (e as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw e;
  }
}
