/**
 * JSON for the editors, with the position of the first error (`line 2, column 7`): browsers'
 * JSON.parse messages do not always say where. On failure a small validating scanner finds
 * the offset; the happy path is JSON.parse itself.
 */

export class JsonInputError extends Error {
  readonly line: number;
  readonly column: number;
  constructor(field: string, message: string, line: number, column: number) {
    super(`${field}: invalid JSON at line ${line}, column ${column}: ${message}`);
    this.name = 'JsonInputError';
    this.line = line;
    this.column = column;
  }
}

/** The offset and reason of the first JSON syntax error in `text`, or null when it is valid. */
export function jsonErrorAt(text: string): { offset: number; message: string } | null {
  let i = 0;
  const ws = () => {
    while (i < text.length && /\s/.test(text[i])) i++;
  };
  const fail = (message: string): never => {
    throw { offset: i, message };
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '[' || c === '{') {
      const close = c === '[' ? ']' : '}';
      i++;
      ws();
      if (text[i] === close) {
        i++;
        return;
      }
      for (;;) {
        if (c === '{') {
          ws();
          if (text[i] !== '"') fail('expected a "quoted" key');
          string();
          ws();
          if (text[i] !== ':') fail('expected ":"');
          i++;
        }
        value();
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === close) {
          i++;
          return;
        }
        fail(i >= text.length ? `unexpected end; expected "," or "${close}"` : `expected "," or "${close}"`);
      }
    }
    if (c === '"') {
      string();
      return;
    }
    const lit = /^(true|false|null)/.exec(text.slice(i, i + 5));
    if (lit) {
      i += lit[1].length;
      return;
    }
    const num = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (num && num[0] !== '-' && num[0] !== '') {
      i += num[0].length;
      return;
    }
    fail(i >= text.length ? 'unexpected end of input' : `unexpected ${JSON.stringify(c)}`);
  };
  const string = () => {
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    if (i >= text.length) fail('unterminated string');
    i++;
  };
  try {
    value();
    ws();
    if (i < text.length) fail(`unexpected ${JSON.stringify(text[i])} after the value`);
    return null;
  } catch (e) {
    if (e && typeof e === 'object' && 'offset' in e) return e as { offset: number; message: string };
    throw e;
  }
}

/** Line and column (1-based) of an offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

/** JSON.parse, throwing a JsonInputError that names the field and the position. */
export function parseJsonField(field: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    const at = jsonErrorAt(text) ?? { offset: 0, message: e instanceof Error ? e.message : String(e) };
    const { line, column } = lineColumn(text, at.offset);
    throw new JsonInputError(field, at.message, line, column);
  }
}
