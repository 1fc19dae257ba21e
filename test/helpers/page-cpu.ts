/**
 * Time bounds in Chromium that a busy machine cannot trip: the browser's side of
 * test/helpers/budget.ts. Other processes stretch a task's wall time (measured at load 20: a
 * 123 ms task took 1,008 ms), not the CPU time its thread spends; a slow handler, a long
 * computation or a parse on the wrong thread spends both. So each figure here is the smaller of
 * the wall time and the CPU time: on a quiet machine the wall time a user sees, on a busy one
 * the work done. Read through the DevTools protocol (Performance.getMetrics, Tracing).
 */
import type { Page } from 'playwright-core';

/** One task of the page's main thread: its start (trace clock, µs), wall and CPU milliseconds, and the smaller. */
export interface MainTask {
  readonly ts: number;
  readonly wall: number;
  readonly cpu: number;
  readonly ms: number;
}

/** A trace of the page's main thread: its tasks, and the trace time of each `console.timeStamp(label)` the page set. */
export interface MainTrace {
  readonly tasks: readonly MainTask[];
  readonly marks: ReadonlyMap<string, number>;
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { message?: string } };
}

/**
 * A clock of the page's renderer: each call gives the CPU milliseconds spent so far by all its
 * threads (workers included) and by its main thread. One DevTools session for all readings: a
 * session's main-thread time counts from its own Performance.enable.
 */
export async function rendererCpu(page: Page): Promise<() => Promise<{ process: number; main: number }>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  return async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const value = (name: string) => (metrics.find((m) => m.name === name)?.value ?? Number.NaN) * 1000;
    return { process: value('ProcessTime'), main: value('ThreadTime') };
  };
}

/**
 * Starts tracing the page; the returned function stops and gives the main thread's tasks. The
 * main thread is the one the page's `console.timeStamp` marks are on, so the page must set one.
 */
export async function traceMainThread(page: Page): Promise<() => Promise<MainTrace>> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', {
    traceConfig: {
      includedCategories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline'],
    },
    transferMode: 'ReportEvents',
  });
  return async () => {
    const complete = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
    await cdp.send('Tracing.end');
    await complete;
    await cdp.detach();
    const stamps = events.filter((e) => e.name === 'TimeStamp' && e.args?.data?.message !== undefined);
    if (stamps.length === 0) throw new Error('traceMainThread: the page set no console.timeStamp mark');
    const { pid, tid } = stamps[0];
    const tasks = events
      .filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === pid && e.tid === tid)
      .map((e) => {
        const wall = (e.dur ?? 0) / 1000;
        // A task without a thread duration (none recorded) counts at its wall time.
        const cpu = e.tdur === undefined ? wall : e.tdur / 1000;
        return { ts: e.ts, wall, cpu, ms: Math.min(wall, cpu) };
      });
    return { tasks, marks: new Map(stamps.map((e) => [e.args?.data?.message as string, e.ts])) };
  };
}
