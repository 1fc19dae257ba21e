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
    // A minifier renames classes; the name must not come from the class's own name.
    const Renamed = { [`x${name.length}`]: class extends Ctor {} }[`x${name.length}`];
    const e = new Renamed('some.rule', 'message');
    expect(e.name).toBe(name === 'GatherScatterError' ? `x${name.length}` : name);
    expect(e.message).toBe('message (some.rule)');
    expect(e.code).toBe('some.rule');
  });
});
