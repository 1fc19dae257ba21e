/**
 * Which rule wins when a call to `torch.index_add` / `index_copy` / `index_fill` / `index_select`
 * breaks several at once: the rule PyTorch 1.13 reports, measured with `/usr/bin/python3` (Tensor
 * methods, CPU) for every combination of a bad `dim` (5 on a 3×4 self), a float32 index (`idt`), a
 * 2-D index (`irank`), a float64 source (`sdt`) and a source with the wrong length along dim
 * (`ssh`). PyTorch's order: index_add, index_copy — dim, index rank, index dtype, source dtype,
 * source shape; index_select — dim, index rank, index dtype; index_fill — index dtype, dim, index
 * rank. Before, 45 of these 76 calls named another rule (the index dtype went first everywhere,
 * the source dtype before all of them, and index_fill checked dim first).
 */
import { describe, expect, it } from 'vitest';
import { type Tensor, tensor, torch, zeros } from '../src/index.js';
import { codeOf } from './helpers/errors.js';

/** [op, the broken rules, the rule PyTorch 1.13 names]. */
const MEASURED: [string, string, string][] = [
  ['index_add', 'dim', 'dim'],
  ['index_add', 'idt', 'index_dtype'],
  ['index_add', 'irank', 'index_rank'],
  ['index_add', 'sdt', 'source_dtype'],
  ['index_add', 'ssh', 'source_shape'],
  ['index_add', 'dim+idt', 'dim'],
  ['index_add', 'dim+irank', 'dim'],
  ['index_add', 'dim+sdt', 'dim'],
  ['index_add', 'dim+ssh', 'dim'],
  ['index_add', 'idt+irank', 'index_rank'],
  ['index_add', 'idt+sdt', 'index_dtype'],
  ['index_add', 'idt+ssh', 'index_dtype'],
  ['index_add', 'irank+sdt', 'index_rank'],
  ['index_add', 'irank+ssh', 'index_rank'],
  ['index_add', 'sdt+ssh', 'source_dtype'],
  ['index_add', 'dim+idt+irank', 'dim'],
  ['index_add', 'dim+idt+sdt', 'dim'],
  ['index_add', 'dim+idt+ssh', 'dim'],
  ['index_add', 'dim+irank+sdt', 'dim'],
  ['index_add', 'dim+irank+ssh', 'dim'],
  ['index_add', 'dim+sdt+ssh', 'dim'],
  ['index_add', 'idt+irank+sdt', 'index_rank'],
  ['index_add', 'idt+irank+ssh', 'index_rank'],
  ['index_add', 'idt+sdt+ssh', 'index_dtype'],
  ['index_add', 'irank+sdt+ssh', 'index_rank'],
  ['index_add', 'dim+idt+irank+sdt', 'dim'],
  ['index_add', 'dim+idt+irank+ssh', 'dim'],
  ['index_add', 'dim+idt+sdt+ssh', 'dim'],
  ['index_add', 'dim+irank+sdt+ssh', 'dim'],
  ['index_add', 'idt+irank+sdt+ssh', 'index_rank'],
  ['index_add', 'dim+idt+irank+sdt+ssh', 'dim'],
  ['index_copy', 'dim', 'dim'],
  ['index_copy', 'idt', 'index_dtype'],
  ['index_copy', 'irank', 'index_rank'],
  ['index_copy', 'sdt', 'source_dtype'],
  ['index_copy', 'ssh', 'source_shape'],
  ['index_copy', 'dim+idt', 'dim'],
  ['index_copy', 'dim+irank', 'dim'],
  ['index_copy', 'dim+sdt', 'dim'],
  ['index_copy', 'dim+ssh', 'dim'],
  ['index_copy', 'idt+irank', 'index_rank'],
  ['index_copy', 'idt+sdt', 'index_dtype'],
  ['index_copy', 'idt+ssh', 'index_dtype'],
  ['index_copy', 'irank+sdt', 'index_rank'],
  ['index_copy', 'irank+ssh', 'index_rank'],
  ['index_copy', 'sdt+ssh', 'source_dtype'],
  ['index_copy', 'dim+idt+irank', 'dim'],
  ['index_copy', 'dim+idt+sdt', 'dim'],
  ['index_copy', 'dim+idt+ssh', 'dim'],
  ['index_copy', 'dim+irank+sdt', 'dim'],
  ['index_copy', 'dim+irank+ssh', 'dim'],
  ['index_copy', 'dim+sdt+ssh', 'dim'],
  ['index_copy', 'idt+irank+sdt', 'index_rank'],
  ['index_copy', 'idt+irank+ssh', 'index_rank'],
  ['index_copy', 'idt+sdt+ssh', 'index_dtype'],
  ['index_copy', 'irank+sdt+ssh', 'index_rank'],
  ['index_copy', 'dim+idt+irank+sdt', 'dim'],
  ['index_copy', 'dim+idt+irank+ssh', 'dim'],
  ['index_copy', 'dim+idt+sdt+ssh', 'dim'],
  ['index_copy', 'dim+irank+sdt+ssh', 'dim'],
  ['index_copy', 'idt+irank+sdt+ssh', 'index_rank'],
  ['index_copy', 'dim+idt+irank+sdt+ssh', 'dim'],
  ['index_fill', 'dim', 'dim'],
  ['index_fill', 'idt', 'index_dtype'],
  ['index_fill', 'irank', 'index_rank'],
  ['index_fill', 'dim+idt', 'index_dtype'],
  ['index_fill', 'dim+irank', 'dim'],
  ['index_fill', 'idt+irank', 'index_dtype'],
  ['index_fill', 'dim+idt+irank', 'index_dtype'],
  ['index_select', 'dim', 'dim'],
  ['index_select', 'idt', 'index_dtype'],
  ['index_select', 'irank', 'index_rank'],
  ['index_select', 'dim+idt', 'dim'],
  ['index_select', 'dim+irank', 'dim'],
  ['index_select', 'idt+irank', 'index_rank'],
  ['index_select', 'dim+idt+irank', 'dim'],
];

function call(op: string, bad: string[]): () => unknown {
  const x = zeros([3, 4], 'float32');
  const dim = bad.includes('dim') ? 5 : 0;
  let index: Tensor = bad.includes('idt') ? tensor([0], 'float32') : tensor([0n], 'int64');
  if (bad.includes('irank')) index = index.reshape([1, 1]);
  const source = zeros([bad.includes('ssh') ? 2 : 1, 4], bad.includes('sdt') ? 'float64' : 'float32');
  if (op === 'index_add') return () => torch.index_add(x, dim, index, source);
  if (op === 'index_copy') return () => torch.index_copy(x, dim, index, source);
  if (op === 'index_fill') return () => torch.index_fill(x, dim, index, 1);
  return () => torch.index_select(x, dim, index);
}

describe('torch index ops: the rule PyTorch 1.13 reports first', () => {
  it.each(MEASURED)('%s with a bad %s: torch.<op>.%s', (op, bad, rule) => {
    expect(codeOf(call(op, bad.split('+')))).toBe(`torch.${op}.${rule}`);
  });
});
