/**
 * The 16-bit float conversions as the package exports them, checked at the entry: a value that
 * is not a number (a BigInt, a Symbol, a string) and a bit pattern that is not one get a typed
 * error naming the rule. The kernels and printers import float16.ts's unchecked originals.
 */
import { InvalidArgumentError, fmt } from '../errors.js';
import * as raw from './float16.js';

function checkValue(x: unknown, where: string): number {
  if (typeof x !== 'number')
    throw new InvalidArgumentError('float16.value', `${where}: x must be a number; got ${fmt(x)}`, {
      x: fmt(x),
    });
  return x;
}

function checkBits(bits: unknown, where: string): number {
  if (!(Number.isInteger(bits) && (bits as number) >= 0 && (bits as number) <= 0xffff))
    throw new InvalidArgumentError(
      'float16.bits',
      `${where}: bits must be a 16-bit pattern (an integer in [0, 65535]); got ${fmt(bits)}`,
      { bits: fmt(bits) },
    );
  return bits as number;
}

/**
 * IEEE binary16 bit pattern of `x`, round-to-nearest-even (InvalidArgumentError `float16.value`
 * when `x` is not a number).
 *
 * @example float16Bits(1)   // 15360 (0x3c00)
 */
export const float16Bits = (x: number): number => raw.float16Bits(checkValue(x, 'float16Bits'));
/**
 * bfloat16 bit pattern of `x`, round-to-nearest-even (InvalidArgumentError `float16.value`
 * when `x` is not a number).
 *
 * @example bfloat16Bits(1)   // 16256 (0x3f80)
 */
export const bfloat16Bits = (x: number): number => raw.bfloat16Bits(checkValue(x, 'bfloat16Bits'));
/**
 * Value of an IEEE binary16 bit pattern, an integer in [0, 65535] (InvalidArgumentError
 * `float16.bits` otherwise).
 *
 * @example bitsToFloat16(0x3c00)   // 1
 */
export const bitsToFloat16 = (bits: number): number => raw.bitsToFloat16(checkBits(bits, 'bitsToFloat16'));
/**
 * Value of a bfloat16 bit pattern, an integer in [0, 65535] (InvalidArgumentError
 * `float16.bits` otherwise).
 *
 * @example bitsToBfloat16(0x3f80)   // 1
 */
export const bitsToBfloat16 = (bits: number): number => raw.bitsToBfloat16(checkBits(bits, 'bitsToBfloat16'));
