/**
 * Issue 24, the explorer's paste box under hostile input: every case is a PasteError with a
 * clear message, in bounded time, never a freeze, a stack overflow or a silent misread.
 */
import { describe, expect, it } from 'vitest';
import { parsePaste } from '../explorer/paste.js';
import { MAX_PASTE_DEPTH, MAX_PASTE_ELEMENTS, PasteError } from '../explorer/pycall.js';
import { NAMESPACES } from '../src/frameworks/index.js';
import { buildRegistry } from '../src/tables/registry.js';
import { stopwatch } from './helpers/budget.js';

const registry = buildRegistry(NAMESPACES);

/** The PasteError `text` throws, failing the test if it parses, and the time it took. */
function refused(text: string): { error: PasteError; ms: number } {
  const elapsed = stopwatch();
  let error: unknown;
  try {
    parsePaste(text, registry);
  } catch (e) {
    error = e;
  }
  const ms = elapsed();
  console.log(`${JSON.stringify(text.slice(0, 40))}… (${text.length} chars): ${ms.toFixed(1)} ms`);
  expect(error).toBeInstanceOf(PasteError);
  // A pathology bound on the stopwatch (test/helpers/budget.ts): the largest refusal took 296 ms
  // of wall time at load 18; a busy machine must not trip it, a hang does.
  expect(ms).toBeLessThan(1000);
  return { error: error as PasteError, ms };
}

const gatherOf = (operand: string) =>
  `%0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1>}> : (tensor<${operand}xf32>, tensor<2x1xi32>) -> tensor<2xf32>`;

describe('paste box: hostile StableHLO types', () => {
  it('a small call still pastes (the bound is not in the way)', () => {
    const { args } = parsePaste(gatherOf('5'), registry);
    expect(args.data).toEqual([0, 1, 2, 3, 4]);
  });

  it('tensor<30000000xf32> is refused before any array is built', () => {
    const { error } = refused(gatherOf('30000000'));
    expect(error.message).toContain(`30000002 elements, more than the explorer's ${MAX_PASTE_ELEMENTS}`);
  });

  it('tensor<99999999999xf32> is a PasteError, not a RangeError', () => {
    expect(refused(gatherOf('99999999999')).error.message).toContain('ask for 100000000001 elements');
  });

  it('the bound counts every operand: 2^20 - 1 data elements plus 2 indices is over it', () => {
    expect(refused(gatherOf(String(MAX_PASTE_ELEMENTS - 1))).error.message).toContain(
      `ask for ${MAX_PASTE_ELEMENTS + 1} elements`,
    );
  });
});

describe('paste box: hostile Python', () => {
  it('24 doubling assignments (~600 bytes) are refused by the element bound', () => {
    const lines = ['a0 = [1]'];
    for (let k = 1; k <= 24; k++) lines.push(`a${k} = [a${k - 1}, a${k - 1}]`);
    lines.push('torch.gather(torch.tensor(a24), 0, torch.tensor([0]))');
    const { error } = refused(lines.join('\n'));
    expect(error.message).toMatch(/this value has \d+ elements, more than the explorer's 1048576/);
  });

  it('one variable repeated in many arguments counts each time', () => {
    const lines = ['a0 = [1]'];
    for (let k = 1; k <= 18; k++) lines.push(`a${k} = [a${k - 1}, a${k - 1}]`);
    lines.push(`torch.gather(${Array(40).fill('a18').join(', ')})`);
    expect(refused(lines.join('\n')).error.message).toContain('elements, more than');
  });

  it('100k-deep brackets hit the depth limit, not the stack', () => {
    const deep = `torch.gather(torch.tensor(${'['.repeat(100_000)}1${']'.repeat(100_000)}), 0, torch.tensor([0]))`;
    expect(refused(deep).error.message).toContain(`nested more than ${MAX_PASTE_DEPTH} levels deep`);
    expect(refused(`x = ${'-'.repeat(100_000)}1`).error.message).toContain('levels deep');
    expect(refused(`x = ${'('.repeat(100_000)}`).error.message).toContain('levels deep');
  });

  it('the deepest allowed nesting still parses', () => {
    const depth = MAX_PASTE_DEPTH - 3; // gather( tensor( [ … ] ) )
    const t = `${'['.repeat(depth)}1${']'.repeat(depth)}`;
    const { args } = parsePaste(`torch.gather(torch.tensor(${t}), 0, torch.tensor(${t}))`, registry);
    let v: unknown = args.data;
    let levels = 0;
    while (Array.isArray(v)) [v, levels] = [v[0], levels + 1];
    expect([levels, v]).toEqual([depth, 1]);
  });

  it('dtype=torch.constructor is not a dtype', () => {
    const { error } = refused(
      'torch.gather(torch.tensor([1, 2], dtype=torch.constructor), 0, torch.tensor([0]))',
    );
    expect(error.message).toContain('unknown name "torch.constructor"');
  });

  it('dtype="constructor" (a string) is not a dtype either, never silently the default', () => {
    const { error } = refused(
      'torch.gather(torch.tensor([1, 2], dtype="constructor"), 0, torch.tensor([0]))',
    );
    expect(error.message).toContain('dtype "constructor" is not a dtype');
  });

  it('constructor([1, 2]) is not a tensor constructor', () => {
    const { error } = refused('torch.gather(constructor([1, 2]), 0, torch.tensor([0]))');
    expect(error.message).toContain('a tensor literal needs');
  });

  it('constructor.tensor(…) is not an alias of any framework', () => {
    expect(refused('constructor.gather(torch.tensor([1]), 0, torch.tensor([0]))').error.message).toContain(
      'unknown operator constructor.gather',
    );
  });

  it('__proto__= and toString= are refused as keyword arguments, never dropped', () => {
    for (const k of ['__proto__', 'toString', 'constructor', 'hasOwnProperty']) {
      const { error } = refused(`torch.gather(torch.tensor([1, 2]), 0, torch.tensor([0]), ${k}=[1])`);
      expect(error.message).toContain(`"${k}" cannot be a keyword argument`);
    }
    const dn = 'lax.GatherDimensionNumbers(__proto__=(0,), collapsed_slice_dims=(0,), start_index_map=(0,))';
    expect(refused(`lax.gather(jnp.array([1, 2]), jnp.array([[0]]), ${dn}, (1,))`).error.message).toContain(
      '"__proto__" cannot be a keyword argument',
    );
  });

  it('a bare toString is an unknown name', () => {
    expect(refused('torch.gather(toString, 0, torch.tensor([0]))').error.message).toContain(
      'unknown name "toString"',
    );
  });

  it('1j (a complex literal) is the imaginary unit, never read as 1; in a real dtype it is refused', () => {
    const { args } = parsePaste('torch.gather(torch.tensor([1j, 2]), 0, torch.tensor([0]))', registry);
    expect(args.data).toEqual([{ re: 0, im: 1 }, 2]);
    expect(args.dataDType).toBe('complex64');
    // torch.tensor([2.5j], dtype=torch.float32) raises TypeError in PyTorch 1.13.
    expect(
      refused('torch.gather(torch.tensor([2.5J], dtype=torch.float32), 0, torch.tensor([0]))').error.message,
    ).toContain('a complex number cannot be an element of a float32 tensor');
  });

  it('a 3 MB paste is refused by length; a 1 MB flat list reads in linear time', () => {
    expect(refused(`x = [${'1,'.repeat(1_500_000)}]`).error.message).toContain('characters, more than');
    const t0 = performance.now();
    const { args } = parsePaste(
      `torch.gather(torch.tensor([${'1,'.repeat(500_000)}]), 0, torch.tensor([0]))`,
      registry,
    );
    console.log(`1 MB flat list: ${(performance.now() - t0).toFixed(1)} ms`);
    expect((args.data as unknown as number[]).length).toBe(500_000);
  });
});
