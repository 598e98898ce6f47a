/** Checking and converting the answers a person types when asked for a variable's value. */
import { validateInputValue } from 'graphql';
import { pathText, type VariableNeed } from './variables';

/** The result of validating one answer typed by the user. */
export type AnswerResult = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * Turns the text typed for a variable into its JSON value, or says what is wrong (for the
 * input box's validation). Lists take a JSON array or a single item; input objects take JSON
 * checked against their input type with graphql's validateInputValue. An empty answer to an
 * optional variable means "leave it out" (value undefined).
 */
export function coerceAnswer(need: VariableNeed, text: string): AnswerResult {
  const t = text.trim();
  const label = `$${need.name} (${need.typeLabel})`;
  if (t === '') {
    return need.required ? { ok: false, message: `Enter a value for ${label}.` } : { ok: true, value: undefined };
  }
  let value: unknown;
  if (need.list && t.startsWith('[')) {
    let items: unknown;
    try {
      items = JSON.parse(t);
    } catch (e) {
      return { ok: false, message: `${label} must be a JSON array: ${(e as Error).message}` };
    }
    if (!Array.isArray(items)) {
      return { ok: false, message: `${label} must be a JSON array.` };
    }
    const converted: unknown[] = [];
    for (const [i, item] of items.entries()) {
      const r = typeof item === 'string' && need.kind !== 'string' && need.kind !== 'id' && need.kind !== 'json' ? itemFromText(need, item) : checkItem(need, item);
      if (!r.ok) {
        return { ok: false, message: `Item ${i + 1} of ${label}: ${r.message}` };
      }
      converted.push(r.value);
    }
    value = converted;
  } else {
    const r = itemFromText(need, t);
    if (!r.ok) {
      return { ok: false, message: `${label}: ${r.message}` };
    }
    value = need.list ? [r.value] : r.value;
  }
  if (need.inputType) {
    let problem: string | undefined;
    validateInputValue(value, need.inputType, (error, path) => {
      problem ??= `${label}${pathText(path)}: ${error.message}`;
    });
    if (problem) {
      return { ok: false, message: problem };
    }
  }
  return { ok: true, value };
}

/** Converts one typed item according to the need's kind. */
function itemFromText(need: VariableNeed, t: string): AnswerResult {
  switch (need.kind) {
    case 'enum': {
      const names = need.enumValues?.map((v) => v.name);
      if (names && !names.includes(t)) {
        return { ok: false, message: `"${t}" is not one of ${names.join(', ')}.` };
      }
      return { ok: true, value: t };
    }
    case 'boolean': {
      const l = t.toLowerCase();
      if (l !== 'true' && l !== 'false') {
        return { ok: false, message: 'enter true or false.' };
      }
      return { ok: true, value: l === 'true' };
    }
    case 'int': {
      if (!/^[+-]?\d+$/.test(t)) {
        return { ok: false, message: `"${t}" is not a whole number.` };
      }
      const n = Number(t);
      if (n > 2147483647 || n < -2147483648) {
        return { ok: false, message: `${t} is outside the 32-bit range of Int (-2147483648 to 2147483647).` };
      }
      return { ok: true, value: n };
    }
    case 'float': {
      const n = Number(t);
      if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t) || !Number.isFinite(n)) {
        return { ok: false, message: `"${t}" is not a number.` };
      }
      return { ok: true, value: n };
    }
    case 'string':
    case 'id':
      return { ok: true, value: t };
    case 'json':
      try {
        return { ok: true, value: JSON.parse(t) as unknown };
      } catch (e) {
        return { ok: false, message: `not valid JSON: ${(e as Error).message}` };
      }
  }
}

/** Checks an item that came already typed from a JSON array. */
function checkItem(need: VariableNeed, item: unknown): AnswerResult {
  const expected: Record<VariableNeed['kind'], (v: unknown) => boolean> = {
    enum: (v) => typeof v === 'string',
    boolean: (v) => typeof v === 'boolean',
    int: (v) => Number.isInteger(v),
    float: (v) => typeof v === 'number' && Number.isFinite(v),
    string: (v) => typeof v === 'string',
    id: (v) => typeof v === 'string' || Number.isInteger(v),
    json: () => true,
  };
  if (item === null || expected[need.kind](item)) {
    return { ok: true, value: item };
  }
  return { ok: false, message: `${JSON.stringify(item)} is not a valid ${need.kind === 'json' ? 'value' : need.kind}.` };
}
