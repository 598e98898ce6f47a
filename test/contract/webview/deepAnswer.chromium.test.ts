/**
 * The results webview bundle in a real Chromium (Debian's /usr/bin/chromium, through
 * playwright-core), under the real CSP, with a fake `acquireVsCodeApi` whose setState serializes
 * like VS Code's. Opens a 100,000-level answer level by level with the keyboard, as a user
 * would (Right to expand, Right to step in, Enter on "Continue from here"), and checks that the
 * page stays alive, the DOM stays shallow and the last levels cost no more than the first.
 * Skipped when Chromium is not installed.
 */
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as esbuild from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { resultsHtml } from '../../../src/results/webviewHtml';
import { showMessage, type ResultsStrings, type RunResultView } from '../../../src/shared/resultsMessages';

const CHROMIUM = '/usr/bin/chromium';
const LEVELS = 100_000;
/** Levels opened one by one in the test (all of them with DEEP_OPEN=99999, which takes minutes). */
const OPENED = Number(process.env.DEEP_OPEN ?? 2_000);
/** The texts the page shows (the rest fall back to their keys). */
const STRINGS = {
  emptyTitle: 'Results',
  dataHeading: 'Data',
  bodyHeading: 'Whole response',
  showMore: 'Show more ({0} not shown)',
  showAll: 'show all',
  moreCharacters: '{0} more characters',
  itemsCount: '{0} items',
  oneItem: '1 item',
  keysCount: '{0} keys',
  oneKey: '1 key',
} as unknown as ResultsStrings;

/** `{ next: { next: … , i: 1 }, i: 0 }`, `levels` objects deep, built without recursion. */
function chain(levels: number): unknown {
  let v: unknown = 'bottom';
  for (let i = levels - 1; i >= 0; i--) {
    v = { next: v, i };
  }
  return v;
}

/**
 * Page-side code, as text: the test runs under tsx, whose transform would add helpers to a
 * function passed to `page.evaluate` that do not exist in the page.
 */
const OPEN_LEVELS = `async ({ count, block }) => {
  const key = (target, k) => target.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));
  const times = [];
  let started = performance.now();
  for (let opened = 0; opened < count; ) {
    const item = document.activeElement;
    if (!item || item.getAttribute('role') !== 'treeitem') {
      throw new Error('focus lost at level ' + opened);
    }
    if (item.classList.contains('continue')) {
      key(item, 'Enter');
      continue;
    }
    if (item.getAttribute('aria-expanded') === 'false') {
      key(item, 'ArrowRight');
    }
    key(item, 'ArrowRight'); // into the first child ("next")
    if (document.activeElement === item) {
      throw new Error('could not step in at level ' + opened);
    }
    opened++;
    if (opened % block === 0 || opened === count) {
      // Let Chromium lay out and paint, as it would between a user's key presses.
      void document.body.offsetHeight;
      await new Promise((r) => requestAnimationFrame(() => r(undefined)));
      times.push(performance.now() - started);
      started = performance.now();
    }
  }
  return times;
}`;

const FACTS = `() => {
  let deepest = 0;
  for (const e of Array.from(document.querySelectorAll('*'))) {
    let d = 0;
    for (let p = e; p; p = p.parentElement) d++;
    deepest = Math.max(deepest, d);
  }
  return {
    deepest,
    items: document.querySelectorAll('[role="treeitem"]').length,
    focused: (document.activeElement && document.activeElement.textContent || '').slice(0, 60),
    errors: window.__posted.filter((m) => m.type === 'webviewError').map((m) => m.message),
    stateErrors: window.__stateErrors,
  };
}`;

const FAKE_VSCODE_API = `
window.__posted = [];
window.__stateErrors = 0;
window.acquireVsCodeApi = () => ({
  postMessage: (m) => window.__posted.push(m),
  getState: () => window.__state,
  // VS Code keeps webview state as JSON text: a too-deep state throws here as it would there.
  setState: (s) => {
    try {
      window.__state = JSON.parse(JSON.stringify(s));
    } catch (err) {
      window.__stateErrors++;
      throw err;
    }
  },
});`;

async function openLevels(page: Page, count: number, block: number): Promise<number[]> {
  return page.evaluate(`(${OPEN_LEVELS})(${JSON.stringify({ count, block })})`);
}

describe('results webview in Chromium: a 100,000-level answer', function () {
  this.timeout(Math.max(120_000, OPENED * 20));
  let server: Server;
  let browser: Browser;
  let page: Page;

  before(async function () {
    if (!existsSync(CHROMIUM)) {
      this.skip();
    }
    const bundle = await esbuild.build({
      entryPoints: ['src/webview/results/main.ts'],
      bundle: true,
      platform: 'browser',
      format: 'iife',
      target: 'es2022',
      write: false,
      logLevel: 'silent',
    });
    const script = bundle.outputFiles[0].text;
    const css = readFileSync('media/results.css', 'utf8');
    let origin = '';
    server = createServer((req, res) => {
      if (req.url === '/media/dist/results.js') {
        res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
      } else if (req.url === '/media/results.css') {
        res.writeHead(200, { 'content-type': 'text/css' }).end(css);
      } else {
        const html = resultsHtml({ cspSource: origin, scriptUri: `${origin}/media/dist/results.js`, styleUri: `${origin}/media/results.css`, strings: STRINGS });
        res.writeHead(200, { 'content-type': 'text/html' }).end(html);
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
    page = await browser.newPage();
    await page.addInitScript(FAKE_VSCODE_API);
    await page.goto(origin);
  });

  after(async () => {
    await browser?.close();
    server?.close();
  });

  it('renders the answer sent as JSON text, opens 100,000 levels one by one, stays alive with a bounded DOM', async () => {
    const view: RunResultView = { runId: 'deep-1', environment: 'sandbox', at: new Date(0).toISOString(), body: { data: chain(LEVELS) } };
    const message = showMessage(view);
    assert.ok(message.bodyJson, 'a body this deep travels as text');
    await page.evaluate(`window.postMessage(${JSON.stringify(message)}, '*')`);
    await page.waitForSelector('.data [role="treeitem"]');
    await page.focus('.data [role="treeitem"]');

    const started = Date.now();
    const times = await openLevels(page, Math.min(LEVELS - 1, OPENED), 500);
    const elapsed = Date.now() - started;

    const facts = (await page.evaluate(`(${FACTS})()`)) as { deepest: number; items: number; focused: string; errors: string[]; stateErrors: number };
    console.log(
      `      opened ${times.length ? Math.min(LEVELS - 1, OPENED) : 0} of ${LEVELS} levels in ${elapsed} ms; ms per 500 levels: ${times.map((t) => Math.round(t)).join(', ')}; DOM depth ${facts.deepest}, ${facts.items} tree items`,
    );
    assert.deepEqual(facts.errors, []);
    assert.equal(facts.stateErrors, 0);
    assert.match(String(facts.focused), /next|Continue from here/);
    assert.ok(facts.deepest < 300, `DOM depth ${facts.deepest}`);
    assert.ok(facts.items < 200, `${facts.items} tree items on screen`);
    // The cost per block stays flat (printed above; `npm run bench` is where speed is judged): what
    // keeps it flat is asserted here, a bounded DOM whatever the depth.
    // "Back" puts the view 40 levels higher each time, down to the top.
    const backs = (await page.evaluate(`(() => {
      const seen = [];
      for (let i = 0; i < 200; i++) {
        const back = document.querySelector('.data .jump.back');
        if (!back) break;
        seen.push(back.textContent);
        back.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      }
      return { seen, top: document.querySelector('.data [role="treeitem"][aria-level="1"] > .row').textContent };
    })()`)) as { seen: string[]; top: string };
    assert.ok(backs.seen.length >= Math.floor(Math.min(LEVELS - 1, OPENED) / 40) - 2, `${backs.seen.length} steps back`);
    assert.equal(backs.seen.at(-1), 'Back to level 1');
    assert.equal(backs.top, '2 keys', "the answer's root is on top again");
    // Still responsive: the page answers after the last level.
    assert.equal(await page.evaluate('1 + 1'), 2);
  });

  it('tells each tree item its place among all its siblings, "Show more" paging included', async () => {
    const view: RunResultView = { runId: 'paged-1', environment: 'sandbox', at: new Date(0).toISOString(), body: { data: { list: Array.from({ length: 250 }, (_, i) => i) } } };
    await page.evaluate(`window.postMessage(${JSON.stringify(showMessage(view))}, '*')`);
    await page.waitForSelector('.data .more');
    const positions = `(() => [...document.querySelectorAll('.data [role="group"] [role="group"] > [role="treeitem"]')].map((e) => [e.className, e.getAttribute('aria-level'), e.getAttribute('aria-posinset'), e.getAttribute('aria-setsize')].join(' ')))()`;
    const first = (await page.evaluate(positions)) as string[];
    assert.equal(first.length, 101);
    assert.equal(first[0], 'node kind-number 3 1 250');
    assert.equal(first[99], 'node kind-number 3 100 250');
    assert.equal(first[100], 'more 3 101 250', '"Show more" stands in the place of the next item');
    await page.evaluate(`document.querySelector('.data .more').dispatchEvent(new MouseEvent('click', { bubbles: true }))`);
    const second = (await page.evaluate(positions)) as string[];
    assert.equal(second.length, 201);
    assert.equal(second[100], 'node kind-number 3 101 250');
    assert.equal(second[200], 'more 3 201 250');
    const top = (await page.evaluate(
      `[...document.querySelectorAll('.data .json-tree > [role="treeitem"]')].map((e) => e.getAttribute('aria-posinset') + '/' + e.getAttribute('aria-setsize'))`,
    )) as string[];
    assert.deepEqual(top, ['1/1']);
  });
});
