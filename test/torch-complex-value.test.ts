/**
 * A complex Scalar `value` (torch.index_fill, torch.scatter), as PyTorch 1.13 converts it: into a
 * complex self only, each part range-checked as the component float (c10's checked conversion).
 * Expected values printed by /usr/bin/python3 with torch 1.13 (PyTorch's own test_index_fill fills
 * complex tensors with `1+1j`).
 */
import { describe, expect, it } from 'vitest';
import { DTypeError, complex, tensor, torch } from '../src/index.js';
import { expectRule } from './helpers/errors.js';

const idx = tensor([0n], 'int64');
const c = (dtype: 'complex64' | 'complex128') => tensor([complex(0, 0), complex(0, 0)], dtype);

describe('torch: a complex Scalar value', () => {
  it('fills a complex tensor (a complex(re, im) or a 0-d complex tensor)', () => {
    // torch.zeros(2, dtype=torch.complex64).index_fill(0, idx, 1+1j) → [(1+1j), 0j]
    expect(torch.index_fill(c('complex64'), 0, idx, complex(1, 1)).toArray()).toEqual([
      complex(1, 1),
      complex(0, 0),
    ]);
    expect(torch.index_fill(c('complex64'), 0, idx, tensor(complex(1, 2), 'complex64')).toArray()).toEqual([
      complex(1, 2),
      complex(0, 0),
    ]);
    // inf and NaN parts pass the range check: [(inf+1j), 0j]
    expect(torch.index_fill(c('complex64'), 0, idx, complex(Number.POSITIVE_INFINITY, 1)).toArray()).toEqual([
      complex(Number.POSITIVE_INFINITY, 1),
      complex(0, 0),
    ]);
    // complex128 holds 1e300: [(1e+300+1j), 0j]
    expect(torch.scatter(c('complex128'), 0, idx, complex(1e300, 1)).toArray()).toEqual([
      complex(1e300, 1),
      complex(0, 0),
    ]);
  });

  it('a part beyond the component float is the overflow error', () => {
    // "value cannot be converted to type c10::complex<float> without overflow"
    expectRule(
      () => torch.index_fill(c('complex64'), 0, idx, complex(0, 1e300)),
      'torch.index_fill.value',
      DTypeError,
    );
    expectRule(
      () => torch.scatter(c('complex64'), 0, idx, complex(1e300, 0)),
      'torch.scatter.value',
      DTypeError,
    );
  });

  it('a non-complex self refuses it', () => {
    // "index_fill_(): Converting complex Scalar to non-complex type is not supported"
    const e = expectRule(
      () => torch.index_fill(tensor([0, 0], 'float32'), 0, idx, complex(1, 1)),
      'torch.index_fill.value',
      DTypeError,
    );
    expect(e.message).toContain('value 1+1j cannot be converted to float32');
    expectRule(
      () => torch.index_fill(tensor([0n, 0n], 'int64'), 0, idx, tensor(complex(1, 2), 'complex64')),
      'torch.index_fill.value',
      DTypeError,
    );
    // scatter: "value cannot be converted to type float without overflow"
    expectRule(
      () => torch.scatter(tensor([0, 0], 'float32'), 0, idx, complex(0, 1)),
      'torch.scatter.value',
      DTypeError,
    );
  });
});
