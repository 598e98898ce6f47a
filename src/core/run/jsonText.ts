/** Where strict JSON text went wrong: a message and the offset it refers to. */
export interface JsonSyntaxProblem {
  message: string;
  offset: number;
}

/** The parsed value, and the offset of each top-level member's key (for messages about them). */
export interface ParsedJson {
  value: unknown;
  topLevelKeys: Map<string, number>;
}

/**
 * A strict JSON parser (RFC 8259) that reports the offset of the first problem, which
 * `JSON.parse` in Node 20 does not always do. Returns a problem instead of throwing.
 */
export function parseJsonText(text: string): { ok: true; json: ParsedJson } | { ok: false; problem: JsonSyntaxProblem } {
  const p = new JsonParser(text);
  try {
    p.ws();
    const value = p.value(0);
    p.ws();
    if (p.i < text.length) {
      p.fail(`Unexpected ${p.describe()} after the end of the JSON value`);
    }
    return { ok: true, json: { value, topLevelKeys: p.topLevelKeys } };
  } catch (e) {
    if (e instanceof JsonFailure) {
      return { ok: false, problem: { message: e.message, offset: e.offset } };
    }
    throw e;
  }
}

class JsonFailure extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

const MAX_DEPTH = 500;

class JsonParser {
  i = 0;
  readonly topLevelKeys = new Map<string, number>();

  constructor(private readonly text: string) {}

  fail(message: string, at = this.i): never {
    throw new JsonFailure(message, at);
  }

  describe(): string {
    if (this.i >= this.text.length) {
      return 'end of text';
    }
    const c = this.text[this.i];
    return c === "'" ? `"'"` : `'${c}'`;
  }

  ws(): void {
    while (this.i < this.text.length && ' \t\n\r'.includes(this.text[this.i])) {
      this.i++;
    }
  }

  value(depth: number): unknown {
    if (depth > MAX_DEPTH) {
      this.fail('JSON nested too deeply');
    }
    const c = this.text[this.i];
    switch (c) {
      case '{':
        return this.object(depth);
      case '[':
        return this.array(depth);
      case '"':
        return this.string();
      case 't':
        return this.literal('true', true);
      case 'f':
        return this.literal('false', false);
      case 'n':
        return this.literal('null', null);
      default:
        if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) {
          return this.number();
        }
        if (c === undefined) {
          this.fail('Unexpected end of text: expected a JSON value');
        }
        return this.fail(`Unexpected ${this.describe()}: expected a JSON value (object, array, string, number, true, false or null)`);
    }
  }

  literal(word: string, value: unknown): unknown {
    if (!this.text.startsWith(word, this.i)) {
      this.fail(`Unexpected ${this.describe()}: expected a JSON value`);
    }
    this.i += word.length;
    return value;
  }

  number(): number {
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(this.text.slice(this.i, this.i + 400));
    if (!m) {
      this.fail('Invalid number');
    }
    this.i += m[0].length;
    return Number(m[0]);
  }

  string(): string {
    const start = this.i;
    this.i++;
    let out = '';
    for (;;) {
      if (this.i >= this.text.length) {
        this.fail('Unterminated string', start);
      }
      const c = this.text[this.i];
      if (c === '"') {
        this.i++;
        return out;
      }
      if (c === '\\') {
        const e = this.text[this.i + 1];
        const simple: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
        if (e !== undefined && e in simple) {
          out += simple[e];
          this.i += 2;
        } else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(this.text.slice(this.i + 2, this.i + 6))) {
          out += String.fromCharCode(parseInt(this.text.slice(this.i + 2, this.i + 6), 16));
          this.i += 6;
        } else {
          this.fail('Invalid escape in string');
        }
        continue;
      }
      if (c < ' ') {
        this.fail(c === '\n' || c === '\r' ? 'Unterminated string (line break inside a string)' : 'Control character inside a string');
      }
      out += c;
      this.i++;
    }
  }

  array(depth: number): unknown[] {
    this.i++;
    const out: unknown[] = [];
    this.ws();
    if (this.text[this.i] === ']') {
      this.i++;
      return out;
    }
    for (;;) {
      this.ws();
      out.push(this.value(depth + 1));
      this.ws();
      const c = this.text[this.i];
      if (c === ',') {
        this.i++;
        this.ws();
        if (this.text[this.i] === ']') {
          this.fail('Trailing comma: JSON does not allow a comma before "]"');
        }
        continue;
      }
      if (c === ']') {
        this.i++;
        return out;
      }
      this.fail(`Unexpected ${this.describe()}: expected "," or "]"`);
    }
  }

  object(depth: number): Record<string, unknown> {
    this.i++;
    const out: Record<string, unknown> = {};
    this.ws();
    if (this.text[this.i] === '}') {
      this.i++;
      return out;
    }
    for (;;) {
      this.ws();
      if (this.text[this.i] !== '"') {
        this.fail(`Unexpected ${this.describe()}: expected a property name in double quotes`);
      }
      const keyAt = this.i;
      const key = this.string();
      if (depth === 0) {
        this.topLevelKeys.set(key, keyAt);
      }
      this.ws();
      if (this.text[this.i] !== ':') {
        this.fail(`Unexpected ${this.describe()}: expected ":" after the property name`);
      }
      this.i++;
      this.ws();
      // defineProperty so that a "__proto__" key is data, as with JSON.parse.
      Object.defineProperty(out, key, { value: this.value(depth + 1), enumerable: true, writable: true, configurable: true });
      this.ws();
      const c = this.text[this.i];
      if (c === ',') {
        this.i++;
        this.ws();
        if (this.text[this.i] === '}') {
          this.fail('Trailing comma: JSON does not allow a comma before "}"');
        }
        continue;
      }
      if (c === '}') {
        this.i++;
        return out;
      }
      this.fail(`Unexpected ${this.describe()}: expected "," or "}"`);
    }
  }
}
