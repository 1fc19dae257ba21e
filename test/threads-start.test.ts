/**
 * threads.start: a helper whose worker file cannot load rejects enableThreads with a typed
 * InternalError carrying the loader's error as `cause` (it was the bare MODULE_NOT_FOUND Error).
 * Run from src/ on purpose: the pool loads `./worker.js` beside its own module, which exists
 * only in dist/, so here every helper fails to start.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type GatherScatterError, InternalError } from '../src/errors.js';
import { enableThreads } from '../src/node/index.js';

describe('enableThreads when the helper cannot start', () => {
  it('threads.start: a worker file that fails to load rejects with a typed error and its cause', async () => {
    expect(existsSync(new URL('../src/node/worker.js', import.meta.url))).toBe(false);
    const e = await enableThreads({ helpers: 1 }).then(
      () => undefined,
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(InternalError);
    expect((e as GatherScatterError).code).toBe('threads.start');
    expect((e as Error).message).toMatch(
      /^gather-scatter pool: helper 0 failed to start: .*worker\.js.* \(threads\.start\)$/s,
    );
    const cause = (e as GatherScatterError).details.cause as NodeJS.ErrnoException;
    expect(cause).toBeInstanceOf(Error);
    expect(cause.code).toBe('MODULE_NOT_FOUND');
  });
});
