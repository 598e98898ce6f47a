/**
 * Value-based redaction: every secret the extension holds (access and refresh tokens, client
 * secrets, authorization codes, PKCE verifiers, `state`) is registered while it lives, and
 * {@link SecretRegistry.redact} replaces it wherever it appears in a log line, in any of the
 * encodings it could be written in:
 *
 * - raw;
 * - URL-encoded (`encodeURIComponent`, form encoding as `URLSearchParams` writes it, lower-case
 *   hex, and double-encoded);
 * - JSON-escaped (and JSON-escaped twice, for JSON inside a JSON string) and `util.inspect`'s
 *   single-quote escaping;
 * - base64 and base64url at any byte alignment (a secret inside `Basic base64(id:secret)` or a
 *   JWT segment): the whole base64 run that contains it is replaced.
 *
 * The shape-based {@link redact} in `logger.ts` stays as a second net for secrets the
 * extension never saw (e.g. a token pasted into a file).
 */
import { inspect } from 'node:util';

/** Releases one registration. */
export interface SecretRegistration {
  dispose(): void;
}

/** The replacement written in place of a registered secret. */
export const REDACTED_SECRET = '<redacted>';

/** Secrets shorter than this are not registered: they would match ordinary text. */
export const MIN_SECRET_LENGTH = 6;
/** base64 forms are matched only when at least this many characters depend on the secret alone. */
const MIN_BASE64_CORE = 8;

const BASE64_CHAR = /[A-Za-z0-9+/_-]/;

/** Secrets the extension currently holds; reference-counted, so overlapping holders are safe. */
export class SecretRegistry {
  private readonly counts = new Map<string, number>();
  private compiled: { literal?: RegExp; base64?: RegExp } | undefined;

  /** Number of distinct secrets registered. */
  get size(): number {
    return this.counts.size;
  }

  /**
   * Registers a secret until the returned handle is disposed (disposing twice is harmless).
   * Values that are undefined, empty or shorter than {@link MIN_SECRET_LENGTH} are ignored.
   */
  register(value: string | undefined | null): SecretRegistration {
    if (typeof value !== 'string' || value.length < MIN_SECRET_LENGTH) {
      return { dispose: () => undefined };
    }
    this.counts.set(value, (this.counts.get(value) ?? 0) + 1);
    this.compiled = undefined;
    let disposed = false;
    return {
      dispose: () => {
        if (disposed) {
          return;
        }
        disposed = true;
        const n = (this.counts.get(value) ?? 1) - 1;
        if (n <= 0) {
          this.counts.delete(value);
        } else {
          this.counts.set(value, n);
        }
        this.compiled = undefined;
      },
    };
  }

  /** Registers several values under one handle. */
  registerAll(values: readonly (string | undefined | null)[]): SecretRegistration {
    const handles = values.map((v) => this.register(v));
    return { dispose: () => handles.forEach((h) => h.dispose()) };
  }

  /** True when `value` is currently registered. */
  has(value: string): boolean {
    return this.counts.has(value);
  }

  /** Replaces every registered secret, in every encoding, with {@link REDACTED_SECRET}. */
  redact(text: string): string {
    if (this.counts.size === 0 || text === '') {
      return text;
    }
    const { literal, base64 } = (this.compiled ??= this.compile());
    let out = text;
    if (base64) {
      out = replaceBase64Runs(out, base64);
    }
    if (literal) {
      out = out.replace(literal, REDACTED_SECRET);
    }
    return out;
  }

  private compile(): { literal?: RegExp; base64?: RegExp } {
    const literals = new Set<string>();
    const cores = new Set<string>();
    for (const secret of this.counts.keys()) {
      for (const form of literalForms(secret)) {
        literals.add(form);
      }
      for (const core of base64Cores(secret)) {
        cores.add(core);
      }
    }
    const alternation = (items: Set<string>) =>
      [...items]
        .sort((a, b) => b.length - a.length)
        .map(escapeRegExp)
        .join('|');
    return {
      literal: literals.size ? new RegExp(alternation(literals), 'g') : undefined,
      base64: cores.size ? new RegExp(alternation(cores), 'g') : undefined,
    };
  }
}

/** Every textual encoding of `secret` a log line could carry. */
export function literalForms(secret: string): string[] {
  const forms = new Set<string>([secret]);
  const uri = encodeURIComponent(secret);
  const form = new URLSearchParams({ x: secret }).toString().slice(2);
  for (const encoded of [uri, form, encodeURIComponent(uri), encodeURIComponent(form)]) {
    forms.add(encoded);
    forms.add(encoded.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()));
  }
  const json = JSON.stringify(secret).slice(1, -1);
  forms.add(json);
  forms.add(JSON.stringify(json).slice(1, -1));
  // util.inspect quotes with ', " or ` (whichever the text lacks) and escapes backslashes and that quote.
  forms.add(inspect(secret).slice(1, -1));
  forms.add(secret.replace(/\\/g, '\\\\').replace(/'/g, "\\'"));
  forms.add(json.replace(/'/g, "\\'"));
  return [...forms].filter((f) => f.length > 0);
}

/**
 * The base64 characters that depend on `secret` alone, for each of the three byte alignments
 * it can have inside a longer base64 text, in the standard and the url-safe alphabet.
 */
export function base64Cores(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const cores: string[] = [];
  for (let shift = 0; shift < 3; shift++) {
    const encoded = Buffer.concat([Buffer.alloc(shift), bytes]).toString('base64');
    // Skip the group shared with preceding bytes and the group shared with following bytes.
    const start = shift === 0 ? 0 : 4;
    const end = Math.floor((shift + bytes.length) / 3) * 4;
    const core = encoded.slice(start, end);
    if (core.length >= MIN_BASE64_CORE) {
      cores.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
    }
  }
  return cores;
}

/**
 * Replaces, for every match of `cores`, the whole base64 run around it (and its `=` padding):
 * the characters next to a core also carry bits of the secret. Linear in the text: a regular
 * expression with a leading `[…]*` would backtrack quadratically on a long run.
 */
function replaceBase64Runs(text: string, cores: RegExp): string {
  const ranges: [number, number][] = [];
  cores.lastIndex = 0;
  for (let m = cores.exec(text); m; m = cores.exec(text)) {
    let start = m.index;
    const floor = ranges.length ? ranges[ranges.length - 1][1] : 0;
    while (start > floor && BASE64_CHAR.test(text[start - 1])) {
      start--;
    }
    let end = m.index + m[0].length;
    while (end < text.length && BASE64_CHAR.test(text[end])) {
      end++;
    }
    while (end < text.length && text[end] === '=') {
      end++;
    }
    if (ranges.length && start <= ranges[ranges.length - 1][1]) {
      ranges[ranges.length - 1][1] = end;
    } else {
      ranges.push([start, end]);
    }
    cores.lastIndex = end;
  }
  if (ranges.length === 0) {
    return text;
  }
  let out = '';
  let at = 0;
  for (const [start, end] of ranges) {
    out += text.slice(at, start) + REDACTED_SECRET;
    at = end;
  }
  return out + text.slice(at);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
