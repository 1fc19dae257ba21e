import { it } from 'vitest';
import * as lib from '../src/index.js';
import { stablehloText } from '../src/core/call.js';
import { tensor } from '../src/tensor/tensor.js';
it('x', () => {
  const call = lib.torch.lower.scatter_reduce(tensor([[1, 2], [3, 4]], 'complex64'), 0, tensor([[1, 1]], 'int64'), tensor([[1, 2]], 'complex64'), 'mean') as any;
  console.log(stablehloText(call).split('\n').filter((l: string) => /convert/.test(l)).join('\n'));
});
