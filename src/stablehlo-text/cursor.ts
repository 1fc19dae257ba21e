/**
 * A cursor over the tokens of one text: look, take, expect, and a nesting guard so that the
 * recursive-descent parsers built on it never recurse deeper than {@link MAX_NESTING}.
 * `loc(…)` groups are skipped wherever they appear: locations carry no meaning.
 */
import type { Attr } from './attributes.js';
import { MAX_NESTING, textError } from './diagnostics.js';
import type { Token, TokenKind } from './lexer.js';

const CLOSE: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}', '<': '>' };

/** A short view of a token for messages. */
export function describe(t: Token): string {
  if (t.kind === 'eof') return 'the end of the text';
  const s =
    t.kind === 'val'
      ? `%${t.text}`
      : t.kind === 'sym'
        ? `@${t.text}`
        : t.kind === 'hash'
          ? `#${t.text}`
          : t.kind === 'bang'
            ? `!${t.text}`
            : t.kind === 'caret'
              ? `^${t.text}`
              : t.kind === 'str'
                ? JSON.stringify(t.text)
                : t.text;
  return s.length > 60 ? `${JSON.stringify(s.slice(0, 60))}…` : JSON.stringify(s);
}

export class Cursor {
  private i = 0;
  private depth = 0;
  /** Attribute aliases defined at the top of a module (`#dn = #stablehlo.gather<…>`). */
  readonly aliases = new Map<string, Attr>();
  /** Skip `loc(…)` groups (MLIR); HLO has no locations. */
  private readonly close: Readonly<Record<string, string>>;
  /**
   * `skipLocations`: skip `loc(…)` groups (MLIR; HLO has none). `angles`: `<…>` is a bracket
   * pair when skipping groups (MLIR; in HLO `<` is only a comparison: `sharding={devices=[2]<=[2]}`).
   */
  constructor(
    readonly tokens: readonly Token[],
    private readonly skipLocations = true,
    angles = true,
  ) {
    this.close = angles ? CLOSE : { '(': ')', '[': ']', '{': '}' };
  }

  /** Skips a `loc(…)` group at the cursor, if any. */
  private skipLoc(): void {
    if (!this.skipLocations) return;
    for (;;) {
      const t = this.tokens[this.i];
      const u = this.tokens[this.i + 1];
      if (t.kind !== 'id' || t.text !== 'loc' || u === undefined || u.kind !== 'p' || u.text !== '(') return;
      this.i++;
      this.skipGroup();
    }
  }

  /** The token at the cursor (never past eof). */
  peek(): Token {
    this.skipLoc();
    return this.tokens[this.i];
  }

  /** The token `k` places after the cursor, without skipping locations past the first. */
  peekAt(k: number): Token {
    this.skipLoc();
    return this.tokens[Math.min(this.i + k, this.tokens.length - 1)];
  }

  next(): Token {
    const t = this.peek();
    if (t.kind !== 'eof') this.i++;
    return t;
  }

  get line(): number {
    return this.peek().line;
  }

  /** The index of the cursor (to read a stretch of tokens twice). */
  get index(): number {
    this.skipLoc();
    return this.i;
  }

  /** Moves the cursor back to an `index` it had. */
  seek(index: number): void {
    this.i = index;
  }

  /** True when the raw token at the cursor opens a `loc(…)` group (peek would skip it). */
  atLoc(): boolean {
    const t = this.tokens[this.i];
    const u = this.tokens[this.i + 1];
    return t.kind === 'id' && t.text === 'loc' && u !== undefined && u.kind === 'p' && u.text === '(';
  }

  is(kind: TokenKind, text?: string): boolean {
    const t = this.peek();
    return t.kind === kind && (text === undefined || t.text === text);
  }

  isP(text: string): boolean {
    return this.is('p', text);
  }

  isId(text: string): boolean {
    return this.is('id', text);
  }

  /** Takes the token if it is `kind` (and `text`). */
  eat(kind: TokenKind, text?: string): Token | undefined {
    return this.is(kind, text) ? this.next() : undefined;
  }

  eatP(text: string): boolean {
    return this.eat('p', text) !== undefined;
  }

  eatId(text: string): boolean {
    return this.eat('id', text) !== undefined;
  }

  fail(message: string, t: Token = this.peek()): never {
    textError('syntax', t.line, message);
  }

  expect(kind: TokenKind, text: string | undefined, what: string): Token {
    const t = this.peek();
    if (t.kind !== kind || (text !== undefined && t.text !== text))
      this.fail(`expected ${what}; got ${describe(t)}`, t);
    return this.next();
  }

  expectP(text: string, what = JSON.stringify(text)): Token {
    return this.expect('p', text, what);
  }

  expectId(text: string): Token {
    return this.expect('id', text, JSON.stringify(text));
  }

  /** Enters one level of nesting (brackets, regions, literals); a typed error past the limit. */
  enter(what: string): void {
    if (++this.depth > MAX_NESTING)
      textError('nesting', this.peek().line, `${what} nested deeper than ${MAX_NESTING} levels`);
  }

  leave(): void {
    this.depth--;
  }

  /**
   * Skips one balanced group starting at the cursor's opening bracket (iteratively: any depth
   * is linear and safe), or one token if the cursor is not at a bracket.
   */
  skipGroup(): void {
    const open = this.tokens[this.i];
    const close = open.kind === 'p' ? this.close[open.text] : undefined;
    if (close === undefined) {
      if (open.kind !== 'eof') this.i++;
      return;
    }
    const stack: string[] = [];
    for (;;) {
      const t = this.tokens[this.i];
      if (t.kind === 'eof') textError('syntax', open.line, `unclosed ${JSON.stringify(open.text)}`);
      this.i++;
      if (t.kind !== 'p') continue;
      const c = this.close[t.text];
      if (c !== undefined) stack.push(c);
      else if (
        t.text === ')' ||
        t.text === ']' ||
        t.text === '}' ||
        (t.text === '>' && this.close['<'] !== undefined)
      ) {
        const want = stack.pop();
        if (want !== t.text) {
          // `>` may close nothing inside (x > y is not MLIR; but `->` is its own token)
          textError(
            'syntax',
            t.line,
            `unbalanced ${JSON.stringify(t.text)} in a group opened on line ${open.line}`,
          );
        }
        if (stack.length === 0) return;
      }
    }
  }
}
