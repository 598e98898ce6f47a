import { strict as assert } from 'node:assert';
import { DEEP_JSON_LEVELS, nestingDepth, stringifyJson } from '../../../src/shared/deepJson';
import { RAW_BODY_BYTES, parseExtensionMessage, showMessage, type RunResultView } from '../../../src/shared/resultsMessages';
import { prng } from '../seededRandom';

/** A value nested `levels` deep, alternating arrays and objects, built without recursion. */
export function deepValue(levels: number): unknown {
  let v: unknown = 'bottom';
  for (let i = levels - 1; i >= 0; i--) {
    v = i % 2 === 0 ? { [`k${i}`]: v, n: i } : [v, i];
  }
  return v;
}

function randomJson(rnd: () => number, depth: number): unknown {
  const r = rnd();
  if (depth > 5 || r < 0.35) {
    const scalars = [null, true, false, 0, -1.5e300, 42, '', 'héllo "q" \\ \n\u2028', undefined, Number.NaN, Infinity];
    return scalars[Math.floor(rnd() * scalars.length)];
  }
  const n = Math.floor(rnd() * 4);
  if (r < 0.65) {
    return Array.from({ length: n }, () => randomJson(rnd, depth + 1));
  }
  return Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}${rnd() < 0.2 ? '"\\' : ''}`, randomJson(rnd, depth + 1)]));
}

describe('shared/deepJson', () => {
  it('writes the same text as JSON.stringify (500 random values, 3 indentations)', () => {
    const rnd = prng(3);
    for (let i = 0; i < 500; i++) {
      const v = randomJson(rnd, 0);
      for (const space of [0, 2, 4]) {
        assert.equal(stringifyJson(v, { space }), JSON.stringify(v, null, space), JSON.stringify(v));
      }
    }
    assert.equal(stringifyJson({ d: new Date(0), u: undefined }), JSON.stringify({ d: new Date(0), u: undefined }));
  });

  it('throws on cycles like JSON.stringify', () => {
    const a: unknown[] = [];
    a.push(a);
    assert.throws(() => stringifyJson(a), TypeError);
  });

  it('writes and measures a 100,000-deep value that JSON.stringify cannot', () => {
    const v = deepValue(100_000);
    assert.throws(() => JSON.stringify(v), RangeError);
    const text = stringifyJson(v);
    assert.equal(nestingDepth(JSON.parse(text)), 100_000);
    assert.equal(nestingDepth(v, 10), 11, 'stops early');
    assert.ok(stringifyJson(v, { maxLength: 50 }).length <= 50);
  });

  it('sends a deep body as text and the webview gets the same body back', () => {
    const view: RunResultView = { runId: 'r1', environment: 'dev', at: '2026-01-01T00:00:00Z', body: { data: deepValue(100_000) } };
    const message = showMessage(view);
    assert.equal(message.view.body, undefined);
    assert.equal(typeof message.bodyJson, 'string');
    // What postMessage does to it (JSON round trip) must work now.
    const parsed = parseExtensionMessage(JSON.parse(JSON.stringify(message)));
    assert.ok(parsed && parsed.type === 'show');
    assert.equal(nestingDepth(parsed.view.body), 100_001);
    const shallow: RunResultView = { ...view, body: { data: deepValue(DEEP_JSON_LEVELS - 5) } };
    assert.deepEqual(showMessage(shallow), { type: 'show', view: shallow });
  });

  it('sends a large answer as the text the Service sent; the page reads data and extensions from it as the extension does, errors from the view', () => {
    const errors = [{ message: 'checked', path: ['a'] }];
    const sent = { data: { list: Array.from({ length: 60_000 }, (_, i) => ({ id: `item-${i}`, n: i })) }, errors: [{ message: 42 }], extensions: { cost: 1 }, extra: 'dropped' };
    const text = JSON.stringify(sent);
    assert.ok(text.length >= RAW_BODY_BYTES);
    const view: RunResultView = { runId: 'r2', environment: 'dev', at: '2026-01-01T00:00:00Z', bytes: text.length, body: { data: sent.data, errors, extensions: sent.extensions } };
    const message = showMessage(view, text);
    assert.equal(message.bodyRaw, true);
    assert.equal(message.bodyJson, text);
    assert.deepEqual(message.view.body, { errors });
    const parsed = parseExtensionMessage(JSON.parse(JSON.stringify(message)));
    assert.ok(parsed && parsed.type === 'show');
    assert.deepEqual(parsed.view.body, view.body);
    // The same rules as the extension's reading of an answer: data that is not an object is null, extensions not an object are left out.
    const odd = parseExtensionMessage({ ...message, bodyJson: JSON.stringify({ data: [1], extensions: 'x' }) });
    assert.ok(odd && odd.type === 'show');
    assert.deepEqual(odd.view.body, { data: null, errors });
    for (const bad of ['{', '[1]', 'null']) {
      assert.equal(parseExtensionMessage({ ...message, bodyJson: bad }), undefined, bad);
    }
    // A small answer, or one without its text, goes as it is.
    assert.deepEqual(showMessage(view, '{}'), { type: 'show', view });
    assert.deepEqual(showMessage(view), { type: 'show', view });
  });

  it('sends a large answer as the bytes the Service sent (a plain Uint8Array VS Code carries by reference); the page decodes them', () => {
    const errors = [{ message: 'checked' }];
    const sent = {
      data: { list: Array.from({ length: 60_000 }, (_, i) => ({ id: `item-${i}`, name: i === 7 ? 'ünï <b>\u202e' : `n${i}` })) },
      errors: [{ message: 42 }],
      extensions: { cost: 1 },
    };
    const text = JSON.stringify(sent);
    const view: RunResultView = { runId: 'r3', environment: 'dev', at: '2026-01-01T00:00:00Z', body: { data: sent.data, errors, extensions: sent.extensions } };
    // A Node Buffer on its own ArrayBuffer (as a response body is): the same memory, as a plain Uint8Array.
    const whole = Buffer.from(text);
    const ownBuffer = whole.byteOffset === 0 && whole.byteLength === whole.buffer.byteLength;
    const message = showMessage(view, whole);
    assert.equal(message.bodyRaw, true);
    assert.equal(message.bodyJson, undefined, 'no text made on the extension host');
    assert.equal(message.bodyBytes?.constructor, Uint8Array, 'VS Code knows typed arrays by their constructor name: not a Buffer');
    assert.equal(message.bodyBytes?.byteLength, message.bodyBytes?.buffer.byteLength, 'VS Code sends the whole ArrayBuffer of a view');
    if (ownBuffer) {
      assert.equal(message.bodyBytes?.buffer, whole.buffer, 'not copied');
    }
    const parsed = parseExtensionMessage(message);
    assert.ok(parsed && parsed.type === 'show');
    assert.deepEqual(parsed.view.body, view.body);
    // A view into a larger buffer is copied to a buffer of its own.
    const big = new Uint8Array(whole.byteLength + 10);
    big.set(whole, 5);
    const part = showMessage(view, big.subarray(5, 5 + whole.byteLength));
    assert.equal(part.bodyBytes?.byteLength, part.bodyBytes?.buffer.byteLength);
    assert.deepEqual(parseExtensionMessage(part), parsed);
    assert.equal(parseExtensionMessage({ ...message, bodyBytes: new TextEncoder().encode('{') }), undefined);
  });

  it('refuses a bodyJson that is not JSON', () => {
    assert.equal(parseExtensionMessage({ type: 'show', view: { runId: 'r', environment: 'e', at: 'x' }, bodyJson: '{' }), undefined);
  });
});
