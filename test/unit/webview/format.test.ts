import * as assert from 'node:assert/strict';
import { formatBytes, formatDuration, operationTitle, pathText, statusClass, statusText } from '../../../src/webview/results/format';

describe('results header texts', () => {
  const bytes: [number | undefined, string][] = [
    [undefined, '-'],
    [0, '0 B'],
    [1023, '1023 B'],
    [1536, '1.5 KB'],
    [20 * 1024, '20 KB'],
    [5 * 1024 * 1024 + 200_000, '5.2 MB'],
  ];
  for (const [n, text] of bytes) {
    it(`size ${String(n)} -> ${text}`, () => assert.equal(formatBytes(n), text));
  }

  const durations: [number | undefined, string][] = [
    [undefined, '-'],
    [12.4, '12 ms'],
    [1250, '1.25 s'],
    [125_000, '2 min 5 s'],
  ];
  for (const [ms, text] of durations) {
    it(`duration ${String(ms)} -> ${text}`, () => assert.equal(formatDuration(ms), text));
  }

  const statuses: [number | undefined, string][] = [
    [200, '200 OK'],
    [429, '429 Too Many Requests'],
    [418, '418'],
    [undefined, 'no answer'],
  ];
  for (const [status, text] of statuses) {
    it(`status ${String(status)} -> ${text}`, () => assert.equal(statusText(status, { noHttpAnswer: 'no answer' }), text));
  }

  const classes: [string, Parameters<typeof statusClass>[0], string][] = [
    ['200 without errors', { status: 200, body: { data: {} } }, 'ok'],
    ['200 with errors', { status: 200, body: { data: null, errors: [{ message: 'x' }] } }, 'partial'],
    ['400', { status: 400, body: { errors: [{ message: 'x' }] } }, 'error'],
    ['no answer', { failure: { title: 't', message: 'm' } }, 'error'],
  ];
  for (const [name, view, cls] of classes) {
    it(`status class: ${name} -> ${cls}`, () => assert.equal(statusClass(view), cls));
  }

  it('names anonymous operations by their type', () => {
    assert.equal(operationTitle({ operationName: 'Tasks', operationType: 'query' }, { anonymousOperation: '(anonymous {0})' }), 'Tasks (query)');
    assert.equal(operationTitle({ operationType: 'mutation' }, { anonymousOperation: '(anonymous {0})' }), '(anonymous mutation)');
  });

  it('joins error paths with dots, and has none for an empty path', () => {
    assert.equal(pathText(['tasks', 0, 'title']), 'tasks.0.title');
    assert.equal(pathText([]), undefined);
    assert.equal(pathText(undefined), undefined);
  });
});
