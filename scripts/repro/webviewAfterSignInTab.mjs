// A reproduction of the blank results page without this extension (docs/upstream/webview-host-wait.md):
// code-server + Chromium (Playwright) as the integration runner drives them, a sign-in-like tab on
// code-server's origin that the person closes, then, a few seconds later, the window's first webview
// (VS Code's own Markdown preview). Each loop is a fresh code-server and a fresh browser profile; a
// loop fails when the webview host frame (pre/index.html) makes no page frame (pre/fake.html) within
// 20 s. The record of each failing loop (the browser's targets, frames, service workers, the host
// frame's console and its view of its registration) is printed; --record all prints every loop's.
//
// Usage: node scripts/repro/webviewAfterSignInTab.mjs [--loops N] [--tab close|keep|none] [--gap S]
//   --tab close  the tab goes to a page on code-server's origin (its port proxy, under code-server's
//                service worker), then to another origin, back to code-server's origin, and is closed (default)
//   --tab keep   the same tab, left open (a control)
//   --tab none   no tab at all (a control)
//   --gap S      seconds between the tab closing and the webview (default 9, as in the reports)
//   --record all print every loop's record, not only a blank loop's
//   --driver pipe  Chromium over its DevTools pipe with nothing auto-attached (scripts/repro/pipeDriver.mjs):
//                no debugger holds a service worker's start, as in a person's browser; the tab's consent
//                page approves itself. Default: playwright (attaches to every page, frame and worker)
//   --route on   (playwright) a route on the browser context that matches nothing, as the integration
//                runner's harness has: Playwright then intercepts every request, the workers' own too
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as netServer } from 'node:net';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ensurePrerequisites, cacheDir } from '../prerequisites.mjs';
import { CHROMIUM_ARGS, codeServerArgs } from '../codeServer.mjs';
import { recordTargets } from '../cdpTargets.mjs';
import { pipeLoop } from './pipeDriver.mjs';

const { values } = parseArgs({
  options: {
    loops: { type: 'string', default: '5' },
    tab: { type: 'string', default: 'close' },
    gap: { type: 'string', default: '9' },
    record: { type: 'string', default: 'blank' },
    driver: { type: 'string', default: 'playwright' },
    route: { type: 'string', default: 'off' },
  },
});
const loops = Number(values.loops);
const gapMs = Number(values.gap) * 1000;
if (
  !Number.isInteger(loops) ||
  loops < 1 ||
  !['close', 'keep', 'none'].includes(values.tab) ||
  !['playwright', 'pipe'].includes(values.driver) ||
  !['on', 'off'].includes(values.route) ||
  !(gapMs >= 0)
) {
  console.error('usage: node scripts/repro/webviewAfterSignInTab.mjs [--loops N] [--tab close|keep|none] [--gap S] [--record all] [--driver playwright|pipe] [--route on]');
  process.exit(2);
}

const freePort = () =>
  new Promise((res, rej) => {
    const srv = netServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => res(port));
    });
  });

/**
 * The stand-in for a sign-in: /start (opened through code-server's port proxy, so on code-server's
 * origin) replaces itself with /consent on this server's own origin, which sends the tab back to
 * /done through the port proxy again (code-server's origin, as its callback page is).
 */
function startSignInServer(codeServerBase, port) {
  const page = (body) => `<!doctype html><meta charset="utf-8"><title>sign-in</title><body>${body}</body>`;
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    res.setHeader('content-type', 'text/html; charset=utf-8');
    if (path.endsWith('/start')) {
      res.end(page(`Opening the sign-in page…<script>location.replace('http://127.0.0.1:${port}/consent' + location.search)</script>`));
    } else if (path.endsWith('/consent')) {
      // ?auto=1 (the pipe driver, which attaches nothing to this tab): the page approves itself, as the person clicks.
      const auto = /[?&]auto=1/.test(req.url ?? '') ? `<script>setTimeout(() => document.getElementById('approve').click(), 800)</script>` : '';
      res.end(page(`<form method="get" action="${codeServerBase}/proxy/${port}/done"><button id="approve">Approve</button></form>${auto}`));
    } else {
      res.end(page('You can close this tab.'));
    }
  });
  return new Promise((res) => server.listen(port, '127.0.0.1', () => res(server)));
}

async function waitForHealth(url) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) {
        return;
      }
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}

async function loop(n, { chromium, node24, codeServerEntry }) {
  mkdirSync(join(cacheDir, 'tmp'), { recursive: true });
  const tmp = mkdtempSync(join(cacheDir, 'tmp', 'repro-'));
  const record = [];
  const note = (line) => record.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
  const stops = [];
  try {
    for (const d of ['xdg-config', 'xdg-data', 'xdg-cache', 'tmp', 'user-data', 'extensions', 'chromium', 'folder']) {
      mkdirSync(join(tmp, d), { recursive: true });
    }
    writeFileSync(join(tmp, 'config.yaml'), 'auth: none\ncert: false\n');
    writeFileSync(join(tmp, 'folder', 'README.md'), '# Hello\n\nA webview shows this.\n');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = {
      ...process.env,
      EXTENSIONS_GALLERY: '{}',
      XDG_CONFIG_HOME: join(tmp, 'xdg-config'),
      XDG_DATA_HOME: join(tmp, 'xdg-data'),
      XDG_CACHE_HOME: join(tmp, 'xdg-cache'),
      TMPDIR: join(tmp, 'tmp'),
    };
    const server = spawn(node24, codeServerArgs({ entry: codeServerEntry, port, stateDir: tmp, folder: join(tmp, 'folder') }), { env, detached: true, stdio: 'ignore' });
    stops.push(() => {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        // gone
      }
    });
    await waitForHealth(`${base}/healthz`);
    const signInPort = await freePort();
    const signIn = await startSignInServer(base, signInPort);
    stops.push(() => signIn.close());

    if (values.driver === 'pipe') {
      const made = await pipeLoop({ chromium, env, tmp, base, signInPort, folder: join(tmp, 'folder'), gapMs, tab: values.tab, note });
      return { made, record };
    }
    const { chromium: pw } = await import('playwright-core');
    const browser = await pw.launch({ executablePath: chromium, headless: true, env: { ...env, HOME: join(tmp, 'chromium') }, args: CHROMIUM_ARGS });
    stops.push(() => browser.close());
    // The browser's targets (pages, frames, service workers; DevTools' Target domain, discovery only).
    await recordTargets(browser, note);
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    if (values.route === 'on') {
      await context.route('**/nothing-is-here/**', (route) => route.continue());
    }
    context.on('serviceworker', (w) => {
      note(`service worker started: ${new URL(w.url()).pathname.split('/').pop()}`);
      w.on('close', () => note('service worker closed'));
    });
    const page = await context.newPage();
    page.on('framenavigated', (f) => {
      if (/\/pre\//.test(f.url())) {
        note(`frame: ${new URL(f.url()).pathname.split('/').slice(-1)[0]}`);
      }
    });
    page.on('console', (m) => {
      if (/webview|service worker/i.test(m.text()) || /\/pre\//.test(m.location()?.url ?? '')) {
        note(`console ${m.type()}: ${m.text().slice(0, 200)}`);
      }
    });
    await page.goto(`${base}/?folder=${encodeURIComponent(join(tmp, 'folder'))}`, { timeout: 180_000 });
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await page.waitForTimeout(3000);

    if (values.tab !== 'none') {
      const tab = await context.newPage();
      note('tab opened');
      await tab.goto(`${base}/proxy/${signInPort}/start`);
      await tab.waitForURL((u) => u.pathname === '/consent', { timeout: 20_000 });
      await tab.click('#approve');
      await tab.waitForURL((u) => u.pathname.endsWith('/done'), { waitUntil: 'load', timeout: 20_000 });
      if (values.tab === 'close') {
        await tab.close();
        note('tab closed');
      }
    }
    await page.waitForTimeout(gapMs);

    // The window's first webview: VS Code's Markdown preview of README.md.
    note('opening the Markdown preview');
    // Typed into the quick input once it is there (keystrokes sent before it has focus are lost on a loaded machine).
    const quickInput = async (key, text, row) => {
      await page.keyboard.press(key);
      const input = page.locator('.quick-input-widget input').first();
      await input.waitFor({ state: 'visible', timeout: 60_000 });
      await input.fill(text);
      await page.locator('.quick-input-list .monaco-list-row', { hasText: row }).first().waitFor({ timeout: 60_000 });
      await page.keyboard.press('Enter');
    };
    try {
      await quickInput('Control+P', 'README.md', 'README.md');
      await page.locator('.tab', { hasText: 'README.md' }).first().waitFor({ timeout: 60_000 });
      await quickInput('F1', '>Markdown: Open Preview to the Side', 'Markdown: Open Preview to the Side');
    } catch (err) {
      // The driver did not get the preview opened (a loaded machine): inconclusive, not the blank webview.
      note(`could not open the preview: ${err.message.split('\n')[0]}`);
      return { made: undefined, record };
    }
    const until = async (test, ms) => {
      const deadline = Date.now() + ms;
      while (Date.now() < deadline) {
        if (page.frames().some((f) => test(f.url()))) {
          return true;
        }
        await page.waitForTimeout(250);
      }
      return false;
    };
    // No host frame at all is a failure of this driver (inconclusive), not the blank webview.
    if (!(await until((u) => u.includes('/pre/index.html'), 60_000))) {
      note('no webview host frame within 60 s: inconclusive');
      return { made: undefined, record };
    }
    note('host frame made');
    const made = await until((u) => u.includes('/pre/fake.html'), 20_000);
    if (!made) {
      const host = page.frames().find((f) => f.url().includes('/pre/index.html'));
      const facts = host
        ? await host
            .evaluate(async () => {
              const c = navigator.serviceWorker;
              const reg = await Promise.race([c.getRegistration(), new Promise((r) => setTimeout(() => r('no answer'), 3000))]);
              const update =
                reg && typeof reg === 'object'
                  ? await Promise.race([
                      reg.update().then(
                        () => 'settles',
                        (e) => `rejects (${e})`,
                      ),
                      new Promise((r) => setTimeout(() => r('does not settle within 5 s'), 5000)),
                    ])
                  : `no registration (${reg})`;
              return JSON.stringify({
                controller: c.controller ? new URL(c.controller.scriptURL).pathname.split('/').pop() : null,
                installing: reg?.installing?.state ?? null,
                waiting: reg?.waiting?.state ?? null,
                active: reg?.active?.state ?? null,
                update,
              });
            })
            .catch((e) => `gone (${e.message.split('\n')[0]})`)
        : 'no host frame';
      note(`no fake.html within 20 s; host frame: ${facts}`);
    }
    return { made, record };
  } finally {
    for (const stop of stops.reverse()) {
      await Promise.resolve()
        .then(stop)
        .catch(() => undefined);
    }
    rmSync(tmp, { recursive: true, force: true });
  }
}

const found = await ensurePrerequisites();
// Another code-server and its Node, as for the integration runner (TENANT_GRAPHQL_CODE_SERVER_ENTRY, TENANT_GRAPHQL_CODE_SERVER_NODE).
const prerequisites = {
  ...found,
  codeServerEntry: process.env.TENANT_GRAPHQL_CODE_SERVER_ENTRY || found.codeServerEntry,
  node24: process.env.TENANT_GRAPHQL_CODE_SERVER_NODE || found.node24,
};
let failed = 0;
for (let i = 1; i <= loops; i++) {
  const { made, record } = await loop(i, prerequisites);
  console.log(
    `[repro] loop ${i} (${values.driver}${values.route === 'on' ? ' with a route' : ''}, tab ${values.tab}, gap ${values.gap} s): ${made ? 'the webview made its page' : made === undefined ? 'inconclusive (no webview opened)' : 'BLANK: the host frame never made its page'}`,
  );
  if (made === false) {
    failed++;
  }
  if (made === false || values.record === 'all') {
    console.log(record.map((l) => `  ${l}`).join('\n'));
  }
}
console.log(`[repro] ${failed} of ${loops} loops blank`);
process.exit(0);
