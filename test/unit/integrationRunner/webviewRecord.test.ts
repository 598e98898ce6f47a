/** The webview record's lines (scripts/integration/webviewRecord.mjs). */
import * as assert from 'node:assert/strict';
import { RESULTS_PAGE_TRACE, consoleLine, createRecord, isWorkerScript, shortUrl } from '../../../scripts/integration/webviewRecord.mjs';

describe('integration runner: webview record', () => {
  it('stamps each line with the time of day and keeps the newest lines', () => {
    const record = createRecord(2, () => new Date('2026-01-02T03:04:05.678Z'));
    record.add('one');
    record.add('two');
    record.add('three');
    assert.deepEqual(record.lines, ['03:04:05.678 two', '03:04:05.678 three']);
  });

  it('shortens a webview address to its last segments, purpose and extension', () => {
    assert.equal(
      shortUrl('https://x.test/a/b/webview/browser/pre/index.html?purpose=webviewView&extensionId=tenantlabs.tenant-graphql'),
      'pre/index.html purpose=webviewView tenantlabs.tenant-graphql',
    );
    assert.equal(shortUrl('not a url'), 'not a url');
  });

  it('knows the service workers’ scripts', () => {
    assert.ok(isWorkerScript('http://127.0.0.1/stable/webview/browser/pre/service-worker.js?v=4'));
    assert.ok(isWorkerScript('http://127.0.0.1/serviceWorker.js'));
    assert.ok(!isWorkerScript('http://127.0.0.1/index.html'));
  });

  it('keeps the results page’s trace and what is said about webviews, nothing else', () => {
    assert.equal(consoleLine({ text: `x ${RESULTS_PAGE_TRACE}rendered 3 rows`, type: 'log', locationUrl: undefined }), 'results page: rendered 3 rows');
    assert.equal(consoleLine({ text: 'hello', type: 'warning', locationUrl: 'http://h/webview/pre/index.html' }), 'console warning (webview frame): hello');
    assert.equal(consoleLine({ text: 'hello', type: 'debug', locationUrl: 'http://h/webview/pre/index.html' }), undefined);
    assert.equal(consoleLine({ text: 'Service worker ready', type: 'log', locationUrl: 'http://h/workbench.js' }), 'console log: Service worker ready');
    assert.equal(consoleLine({ text: 'unrelated', type: 'error', locationUrl: 'http://h/workbench.js' }), undefined);
  });
});
