#!/usr/bin/env node
/**
 * The CLI's entry (`tgs`, `tensor-gather-scatter`): runs the command line with transparent huge
 * pages on glibc Linux, then hands over to ./main.ts.
 *
 * Why: glibc maps big blocks with 4 KiB pages, so a fresh 64 MiB result costs 16,384 page faults
 * (~200 ms measured on a loaded 2-vCPU machine) before a byte is copied, and random rows of a big
 * input miss the TLB on every row. Started with `GLIBC_TUNABLES=glibc.malloc.hugetlb=1`, glibc
 * asks the kernel for transparent huge pages on those blocks (32 faults of 2 MiB instead). A
 * process cannot set that tunable for itself after start, so the launcher starts the CLI once more
 * with it set, unless:
 *   - `TGS_HUGEPAGES=0` (the off switch), or the guard `TGS_HUGEPAGES_CHILD` is set (never loops);
 *   - `GLIBC_TUNABLES` already names `glibc.malloc.hugetlb` (the user's choice stands);
 *   - not Linux, not glibc ≥ 2.35 (older glibc ignores the tunable; musl has none), or the
 *     kernel's THP mode is `never`.
 * The child inherits stdio; the parent forwards SIGINT, SIGTERM, SIGHUP and exits with the
 * child's status, or dies of the child's signal. See docs/performance.md for its cost.
 */
import { spawn } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import { constants } from 'node:os';
import { fileURLToPath } from 'node:url';

/** The tunable the launcher adds. */
export const HUGETLB_TUNABLE = 'glibc.malloc.hugetlb=1';
/** Set in the child's environment so it never re-executes again. */
export const GUARD_ENV = 'TGS_HUGEPAGES_CHILD';
/** `TGS_HUGEPAGES=0` turns the re-execution off. */
export const SWITCH_ENV = 'TGS_HUGEPAGES';

/** What the launcher needs to know about the running process (a parameter so tests can vary it). */
export interface LaunchHost {
  readonly platform: NodeJS.Platform;
  readonly env: NodeJS.ProcessEnv;
  /** glibc's runtime version ("2.36"), or undefined when the process does not run on glibc. */
  glibc(): string | undefined;
  /** The kernel's THP mode line ("always [madvise] never"), or undefined when unreadable. */
  thpMode(): string | undefined;
}

/**
 * The GLIBC_TUNABLES value the CLI should be re-executed with, or null: run in this process.
 * Pure in its host, so every rule above has a test.
 */
export function hugepageTunables(host: LaunchHost): string | null {
  const { env } = host;
  if (env[GUARD_ENV] !== undefined || env[SWITCH_ENV] === '0') return null;
  const current = env.GLIBC_TUNABLES ?? '';
  if (current.includes('glibc.malloc.hugetlb')) return null;
  if (host.platform !== 'linux' || !glibcAtLeast(host.glibc(), 2, 35)) return null;
  if (host.thpMode()?.includes('[never]')) return null;
  return current === '' ? HUGETLB_TUNABLE : `${current}:${HUGETLB_TUNABLE}`;
}

function glibcAtLeast(version: string | undefined, major: number, minor: number): boolean {
  const m = /^(\d+)\.(\d+)/.exec(version ?? '');
  if (!m) return false;
  const [a, b] = [Number(m[1]), Number(m[2])];
  return a > major || (a === major && b >= minor);
}

/** The real process as a LaunchHost. Only consulted on Linux (the report costs a few ms). */
export const processHost: LaunchHost = {
  platform: process.platform,
  env: process.env,
  glibc() {
    const report = process.report.getReport() as { header?: { glibcVersionRuntime?: string } };
    return report.header?.glibcVersionRuntime;
  },
  thpMode() {
    try {
      return readFileSync('/sys/kernel/mm/transparent_hugepage/enabled', 'utf8');
    } catch (e) {
      if (e instanceof Error && 'code' in e) return undefined; // no sysfs (a container may hide it)
      throw e;
    }
  },
};

const FORWARDED: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** Runs this same script once more with `tunables`, passing stdio, signals and the exit status. */
function reexec(tunables: string, runHere: () => Promise<void>): void {
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, GLIBC_TUNABLES: tunables, [GUARD_ENV]: '1' },
  });
  // A terminal's Ctrl-C reaches both processes; the parent stays to report the child's end.
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  for (const s of FORWARDED) process.on(s, forward);
  child.on('error', (e) => {
    // Not started (no process slots, no memory): run in this process, on 4 KiB pages.
    if (child.pid !== undefined) throw e;
    for (const s of FORWARDED) process.off(s, forward);
    void runHere();
  });
  child.on('exit', (code, signal) => {
    for (const s of FORWARDED) process.off(s, forward);
    if (signal === null) process.exit(code ?? 1);
    // Die of the same signal, as a shell expects; if it is one Node survives, its shell status.
    process.kill(process.pid, signal);
    process.exit(128 + (constants.signals[signal] ?? 0));
  });
}

/** The launcher: re-execute with huge pages, or run the CLI here. */
export async function launch(): Promise<void> {
  const runHere = async () => {
    const { main } = await import('./main.js');
    await main();
  };
  const tunables = hugepageTunables(processHost);
  if (tunables !== null) reexec(tunables, runHere);
  else await runHere();
}

// Run when executed (also through the npm bin symlink), not when imported by a test.
if (process.argv[1] && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url)))
  void launch();
