import { describe, expect, it } from 'vitest';
import {
  AllocationLimitError,
  BrokenPromiseError,
  DTypeError,
  DuplicateIndexError,
  GatherScatterError,
  IndexOutOfBoundsError,
  InvalidArgumentError,
} from '../src/errors.js';

describe('error names survive minification (spelled as strings, not read from the class)', () => {
  it.each([
    [InvalidArgumentError, 'InvalidArgumentError'],
    [DTypeError, 'DTypeError'],
    [IndexOutOfBoundsError, 'IndexOutOfBoundsError'],
    [DuplicateIndexError, 'DuplicateIndexError'],
    [BrokenPromiseError, 'BrokenPromiseError'],
    [AllocationLimitError, 'AllocationLimitError'],
    [GatherScatterError, 'GatherScatterError'],
  ] as const)('%o', (Ctor, name) => {
    // A minifier renames classes: simulate it by renaming a subclass to 'r'. The library's own
    // classes keep their spelled-out names; an outside subclass falls back to its class name.
    const Renamed = class extends (Ctor as typeof GatherScatterError) {};
    Object.defineProperty(Renamed, 'name', { value: 'r' });
    const e = new Renamed('some.rule', 'message');
    expect(e.name).toBe(name === 'GatherScatterError' ? 'r' : name);
    expect(e.message).toBe('message (some.rule)');
    expect(e.code).toBe('some.rule');
  });
});
