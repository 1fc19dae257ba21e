/**
 * One linear pass over MLIR (StableHLO) or XLA HLO text into tokens with line numbers.
 * Comments (`// …` to the end of the line, `/* … *\/`) are dropped here, so they never change
 * what a text means. Every character is looked at a bounded number of times: 1 MB of whitespace
 * or garbage anywhere lexes (or is refused) in linear time.
 *
 * A ranked tensor type `tensor<2x3xf32>` is one token (its dimension list cannot be told from a
 * hex literal `0x3` or an identifier `x3xf32` without knowing it is inside a tensor type).
 */
import { complexError, textError } from './diagnostics.js';

export type TokenKind =
  | 'id' // bare identifier: stablehlo.add, func.func, dense, LT, f32, get-tuple-element (HLO)
  | 'val' // %name, %0#1 (text without the %)
  | 'sym' // @name, @"quoted" (text without the @)
  | 'hash' // #stablehlo.gather, #loc3 (text without the #)
  | 'bang' // !stablehlo.token (text without the !)
  | 'caret' // ^bb0 (text without the ^)
  | 'int' // 12, 0x7FC00000
  | 'float' // 1.5, -2.0e-3 (sign not included)
  | 'str' // "…" (decoded)
  | 'type' // tensor<…>
  | 'p' // punctuation: ( ) [ ] { } < > , : = -> ? * + - {-# #-}
  | 'eof';

/** A ranked tensor type as written: dims and the element type name (`f32`, `i64`, `index`). */
export interface TypeToken {
  readonly shape: readonly number[];
  readonly element: string;
}

export interface Token {
  readonly kind: TokenKind;
  readonly text: string;
  readonly line: number;
  /** Offset in the text (for slicing a construct back out in messages). */
  readonly pos: number;
  /** The tensor type of a `type` token. */
  readonly type?: TypeToken;
}

export interface LexOptions {
  /** XLA HLO text: identifiers may contain `-` (`get-tuple-element.5`), no tensor<…> tokens. */
  readonly hlo?: boolean;
  /** The line number of the text's first line (a part of a bigger file); default 1. */
  readonly line?: number;
}

const isDigit = (c: number) => c >= 48 && c <= 57;
const isHex = (c: number) => isDigit(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
/** Characters of a bare identifier after the first: letters, digits, `_`, `$`, `.`. */
const isIdChar = (c: number) => isLetter(c) || isDigit(c) || c === 36 || c === 46;
/** Characters of a %value / @symbol / #alias name: those plus `-`. */
const isNameChar = (c: number) => isIdChar(c) || c === 45;

const PUNCT = new Set(['(', ')', '[', ']', '{', '}', '<', '>', ',', ':', '=', '?', '*', '+', '|']);

/** A short, printable view of a character for messages. */
function show(ch: string): string {
  return /^[\x21-\x7e]$/.test(ch)
    ? JSON.stringify(ch)
    : `U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Lexes `text` into tokens ending with one `eof` token. Throws `stablehlo_text.lex` / `.type`. */
export function lex(text: string, opts: LexOptions = {}): Token[] {
  if (typeof text !== 'string') textError('lex', undefined, `expected a string of text; got ${typeof text}`);
  const hlo = opts.hlo === true;
  const out: Token[] = [];
  const n = text.length;
  let i = 0;
  let line = opts.line !== undefined && Number.isSafeInteger(opts.line) && opts.line > 0 ? opts.line : 1;
  const push = (kind: TokenKind, t: string, at: number, l = line, type?: TypeToken) =>
    out.push(type ? { kind, text: t, line: l, pos: at, type } : { kind, text: t, line: l, pos: at });

  /** Reads a name (after %, @, #, ! or ^): bare chars or a quoted string. */
  const readName = (start: number, what: string): string => {
    if (text.charCodeAt(i) === 34) return readString(what);
    const from = i;
    while (i < n && isNameChar(text.charCodeAt(i))) i++;
    if (i === from) textError('lex', line, `${what} at ${show(text[start])} has no name`);
    return text.slice(from, i);
  };

  /** Reads a "…" string at i (MLIR escapes: \" \\ \n \t and two hex digits). */
  const readString = (what = 'string'): string => {
    const startLine = line;
    i++; // opening quote
    let s = '';
    let from = i;
    for (;;) {
      if (i >= n) textError('lex', startLine, `unterminated ${what} (no closing ")`);
      const c = text.charCodeAt(i);
      if (c === 34) {
        s += text.slice(from, i);
        i++;
        return s;
      }
      if (c === 10) line++;
      if (c === 92) {
        s += text.slice(from, i);
        const e = text[i + 1];
        if (e === '"' || e === '\\') {
          s += e;
          i += 2;
        } else if (e === 'n') {
          s += '\n';
          i += 2;
        } else if (e === 't') {
          s += '\t';
          i += 2;
        } else if (isHex(text.charCodeAt(i + 1)) && isHex(text.charCodeAt(i + 2))) {
          s += String.fromCharCode(Number.parseInt(text.slice(i + 1, i + 3), 16));
          i += 3;
        } else textError('lex', line, `unknown escape ${show(`\\${e ?? ''}`)} in a string`);
        from = i;
        continue;
      }
      i++;
    }
  };

  const skipSpace = () => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 10) {
        line++;
        i++;
      } else if (c === 32 || c === 9 || c === 13 || c === 12 || c === 11) i++;
      else break;
    }
  };

  /** `tensor<…>` from the `<` at i: dims, element type, `>`; one token. */
  const readTensorType = (start: number, startLine: number) => {
    i++; // <
    const shape: number[] = [];
    for (;;) {
      skipSpace();
      const c = text.charCodeAt(i);
      if (c === 63 /* ? */ || c === 42 /* * */) {
        textError(
          'type',
          line,
          `${c === 63 ? 'dynamic dimension ?' : 'unranked tensor<*…>'} in a tensor type; only static shapes are supported`,
        );
      }
      if (!isDigit(c)) break;
      const from = i;
      while (i < n && isDigit(text.charCodeAt(i))) i++;
      const digits = text.slice(from, i);
      skipSpace();
      if (text[i] !== 'x') textError('type', line, `expected "x" after dimension ${digits} in a tensor type`);
      i++;
      if (digits.length > 15 || !Number.isSafeInteger(Number(digits)))
        textError('type', line, `dimension ${digits.slice(0, 20)} is too large`);
      shape.push(Number(digits));
      if (shape.length > 64) textError('type', line, 'a tensor type of rank above 64');
    }
    skipSpace();
    const from = i;
    if (text.charCodeAt(i) === 33 /* ! */)
      textError('type', line, 'dialect element types (!…) are not supported');
    while (i < n && isIdChar(text.charCodeAt(i))) i++;
    let element = text.slice(from, i);
    if (element === '')
      textError('type', line, `expected an element type in tensor<…>; got ${show(text[i] ?? 'end of text')}`);
    if (element === 'complex') {
      // complex<f32> / complex<f64>: the component type in its own brackets.
      const m = /^<\s*(f32|f64)\s*>/.exec(text.slice(i, i + 16));
      if (m === null) complexError(line, 'a tensor type with a component type other than f32 or f64');
      i += m[0].length;
      element = `complex<${m[1]}>`;
    }
    skipSpace();
    if (text[i] === ',') textError('type', line, 'tensor types with an encoding are not supported');
    if (text[i] !== '>')
      textError('type', line, `expected ">" to close tensor<…>; got ${show(text[i] ?? 'end of text')}`);
    i++;
    push('type', text.slice(start, i), start, startLine, { shape, element });
  };

  while (i < n) {
    const c = text.charCodeAt(i);
    // whitespace
    if (c === 10) {
      line++;
      i++;
      continue;
    }
    if (c === 32 || c === 9 || c === 13 || c === 12 || c === 11) {
      i++;
      continue;
    }
    const start = i;
    const ch = text[i];
    // comments
    if (c === 47 /* / */) {
      if (text.charCodeAt(i + 1) === 47) {
        const eol = text.indexOf('\n', i);
        i = eol < 0 ? n : eol;
        continue;
      }
      if (text.charCodeAt(i + 1) === 42) {
        const end = text.indexOf('*/', i + 2);
        if (end < 0) textError('lex', line, 'unterminated /* comment');
        for (let k = i; k < end; k++) if (text.charCodeAt(k) === 10) line++;
        i = end + 2;
        continue;
      }
      textError('lex', line, `unexpected ${show(ch)}`);
    }
    if (c === 34) {
      const l = line;
      const s = readString();
      push('str', s, start, l);
      continue;
    }
    if (c === 37 /* % */ || c === 64 /* @ */ || c === 35 /* # */ || c === 33 /* ! */ || c === 94 /* ^ */) {
      if (c === 35 && text.charCodeAt(i + 1) === 45 && text.charCodeAt(i + 2) === 125) {
        push('p', '#-}', start);
        i += 3;
        continue;
      }
      i++;
      const kind: TokenKind =
        c === 37 ? 'val' : c === 64 ? 'sym' : c === 35 ? 'hash' : c === 33 ? 'bang' : 'caret';
      let name = readName(start, kind === 'val' ? 'value' : kind === 'sym' ? 'symbol' : ch);
      if (kind === 'val' && text.charCodeAt(i) === 35 && isDigit(text.charCodeAt(i + 1))) {
        // %0#1: result 1 of %0
        const from = i;
        i++;
        while (i < n && isDigit(text.charCodeAt(i))) i++;
        name += text.slice(from, i);
      }
      push(kind, name, start);
      continue;
    }
    if (isDigit(c)) {
      if (c === 48 && (text[i + 1] === 'x' || text[i + 1] === 'X') && isHex(text.charCodeAt(i + 2))) {
        i += 2;
        while (i < n && isHex(text.charCodeAt(i))) i++;
        push('int', text.slice(start, i), start);
        continue;
      }
      while (i < n && isDigit(text.charCodeAt(i))) i++;
      let isFloat = false;
      if (text[i] === '.' && isDigit(text.charCodeAt(i + 1))) {
        isFloat = true;
        i++;
        while (i < n && isDigit(text.charCodeAt(i))) i++;
      } else if (text[i] === '.' && !isIdChar(text.charCodeAt(i + 1))) {
        isFloat = true; // "1." is a float
        i++;
      }
      if (
        (text[i] === 'e' || text[i] === 'E') &&
        (isDigit(text.charCodeAt(i + 1)) ||
          ((text[i + 1] === '+' || text[i + 1] === '-') && isDigit(text.charCodeAt(i + 2))))
      ) {
        isFloat = true;
        i += 2;
        while (i < n && isDigit(text.charCodeAt(i))) i++;
      }
      push(isFloat ? 'float' : 'int', text.slice(start, i), start);
      continue;
    }
    if (isLetter(c)) {
      i++;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (isIdChar(d)) i++;
        else if (hlo && d === 45 && (isLetter(text.charCodeAt(i + 1)) || isDigit(text.charCodeAt(i + 1))))
          i++;
        else break;
      }
      const word = text.slice(start, i);
      if (!hlo && word === 'tensor') {
        const l = line;
        skipSpace();
        if (text[i] === '<') {
          readTensorType(start, l);
          continue;
        }
      }
      push('id', word, start);
      continue;
    }
    if (c === 45 /* - */) {
      if (text[i + 1] === '>') {
        push('p', '->', start);
        i += 2;
        continue;
      }
      push('p', '-', start);
      i++;
      continue;
    }
    if (c === 123 /* { */ && text[i + 1] === '-' && text[i + 2] === '#') {
      push('p', '{-#', start);
      i += 3;
      continue;
    }
    if (c === 46 /* . */ && text.startsWith('...', i)) {
      push('p', '...', start); // XLA's elided literal
      i += 3;
      continue;
    }
    if (PUNCT.has(ch)) {
      push('p', ch, start);
      i++;
      continue;
    }
    textError('lex', line, `unexpected character ${show(String.fromCodePoint(text.codePointAt(i) ?? c))}`);
  }
  push('eof', '', n);
  return out;
}
