/**
 * Time for pathology bounds ("refused at once", "no hang", "not quadratic"), so a bound fails on
 * a slow call and never on a busy machine.
 *
 * A stopwatch reads the smaller of the wall time and this process's CPU time (user + system, all
 * its threads) since it started. Other processes on the machine stretch a call's wall time — on
 * 2 cores shared by a whole test suite, a 200 ms call can take seconds — but not its CPU time;
 * V8's helper threads (parallel GC, compilers) add CPU time but not wall time. A hang or a
 * quadratic walk spends both, so it is over a bound on this figure exactly as on the wall clock.
 * A call that waits (a timer, a lock, a child process) spends wall time only: bound it on the wall
 * clock, with room for the load.
 * Not a speed measurement: speed claims are measured against peers in the same run (bench/).
 */

/** Starts a stopwatch; calling the returned function gives the milliseconds spent so far. */
export function stopwatch(): () => number {
  const wall0 = performance.now();
  const cpu0 = process.cpuUsage();
  return () => {
    const wall = performance.now() - wall0;
    const cpu = process.cpuUsage(cpu0);
    return Math.min(wall, (cpu.user + cpu.system) / 1000);
  };
}

/** Runs `f` (synchronous; its throw propagates) and returns its value and the stopwatch's milliseconds. */
export function timed<T>(f: () => T): { value: T; ms: number } {
  const elapsed = stopwatch();
  const value = f();
  return { value, ms: elapsed() };
}
