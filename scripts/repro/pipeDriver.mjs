// The repro's second driver (scripts/repro/webviewAfterSignInTab.mjs --driver pipe): Chromium driven
// over its DevTools pipe with nothing auto-attached. Playwright attaches to every page, frame and
// service worker of the browser and makes each of them wait for its debugger when it starts
// (Target.setAutoAttach with waitForDebuggerOnStart), so a run under Playwright is not a person's
// browser. Here the workbench page alone gets a session (to press keys and read its frames); the
// sign-in tab gets none (its consent page approves itself, as the person clicks), and no service
// worker is ever attached or held. Targets are only discovered, for the record.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { CHROMIUM_ARGS } from '../codeServer.mjs';

/** Starts Chromium with its DevTools on a pipe; returns `send`, an event hook and `close`. */
function launch(chromium, userDataDir, env) {
  const child = spawn(chromium, [...CHROMIUM_ARGS, '--headless=new', `--user-data-dir=${userDataDir}`, '--remote-debugging-pipe', '--window-size=1400,900', 'about:blank'], {
    env,
    stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'],
  });
  const toBrowser = child.stdio[3];
  const fromBrowser = child.stdio[4];
  fromBrowser.setEncoding('utf8');
  let buffer = '';
  let nextId = 0;
  const pending = new Map();
  const listeners = [];
  fromBrowser.on('data', (chunk) => {
    buffer += chunk;
    for (let end = buffer.indexOf('\0'); end >= 0; end = buffer.indexOf('\0')) {
      const message = JSON.parse(buffer.slice(0, end));
      buffer = buffer.slice(end + 1);
      const waiter = message.id !== undefined ? pending.get(message.id) : undefined;
      if (waiter) {
        pending.delete(message.id);
        if (message.error) {
          waiter.reject(new Error(`${waiter.method}: ${message.error.message}`));
        } else {
          waiter.resolve(message.result);
        }
      } else {
        for (const listener of listeners) {
          listener(message);
        }
      }
    }
  });
  const send = (method, params = {}, sessionId) =>
    new Promise((resolve, reject) => {
      const id = ++nextId;
      pending.set(id, { resolve, reject, method });
      toBrowser.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    });
  const exited = new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));
  // Chromium writes its profile until it exits: the caller removes that folder only after the exit.
  const close = async () => {
    await Promise.race([send('Browser.close').catch(() => undefined), exited]);
    const gone = await Promise.race([exited.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 10_000))]);
    if (!gone) {
      child.kill('SIGKILL');
      await exited;
    }
  };
  return { send, on: (listener) => listeners.push(listener), close };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs first in every webview host frame (pre/index.html) and logs, with the frame's clock, each
 * step of its wait for its service worker: the controller at load, register() and update() and when
 * they settle with the registration's workers' states, every controllerchange, updatefound and
 * worker state change. A blank loop's record then says which of the host's awaits never ended.
 */
const HOST_PROBE = `(() => {
  if (!location.pathname.endsWith('/pre/index.html')) return;
  const sw = navigator.serviceWorker;
  const name = (w) => (w ? w.scriptURL.split('?')[0].split('/').pop() + ':' + w.state : '-');
  const log = (m) => console.log('[swprobe] +' + Math.round(performance.now()) + ' ms ' + m);
  log('host frame loaded, controller ' + name(sw.controller));
  sw.addEventListener('controllerchange', () => log('controllerchange, controller ' + name(sw.controller)));
  // The host's own marks (content/started, content/workerReady), and the page frame it makes.
  const mark = performance.mark.bind(performance);
  performance.mark = (n, o) => (log('mark ' + n.replace('webview/index.html/', '')), mark(n, o));
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) if (n.tagName === 'IFRAME') {
      log('page frame added: ' + n.getAttribute('src'));
      n.addEventListener('load', () => log('page frame load event: ' + (n.contentDocument ? n.contentDocument.location.pathname.split('/').pop() + ' ' + n.contentDocument.readyState : 'no document')));
    }
  }).observe(document.documentElement, { childList: true, subtree: true });
  const register = sw.register.bind(sw);
  sw.register = (...args) => {
    log('register()');
    return register(...args).then((reg) => {
      const states = () => 'installing ' + name(reg.installing) + ', waiting ' + name(reg.waiting) + ', active ' + name(reg.active);
      log('register settled: ' + states());
      reg.addEventListener('updatefound', () => log('updatefound: ' + states()));
      for (const w of [reg.installing, reg.waiting, reg.active]) w && w.addEventListener('statechange', () => log('statechange ' + name(w)));
      const update = reg.update.bind(reg);
      reg.update = () => {
        log('update(): ' + states() + ', controller ' + name(sw.controller));
        const p = update();
        p.then((r) => log('update settled: ' + states() + ', controller ' + name(sw.controller) + (r === reg ? '' : ', returned another object: ' + r)), (e) => log('update rejected: ' + e));
        return p;
      };
      return reg;
    }, (e) => { log('register rejected: ' + e); throw e; });
  };
})();`;

/** The keys the driver presses (DevTools' Input.dispatchKeyEvent fields). */
const KEYS = {
  'Control+P': { key: 'p', code: 'KeyP', windowsVirtualKeyCode: 80, modifiers: 2 },
  'Control+A': { key: 'a', code: 'KeyA', windowsVirtualKeyCode: 65, modifiers: 2 },
  F1: { key: 'F1', code: 'F1', windowsVirtualKeyCode: 112 },
  Enter: { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, text: '\r' },
};

/**
 * One loop of the sequence without a debugger on the workers: the workbench, a sign-in-like tab on
 * code-server's origin that approves itself and is closed, `gapMs` later the Markdown preview.
 * Returns whether the webview host frame made its page (undefined: the driver could not open it).
 */
export async function pipeLoop({ chromium, env, tmp, base, signInPort, folder, gapMs, tab, note }) {
  const browser = launch(chromium, join(tmp, 'chromium'), { ...env, HOME: join(tmp, 'chromium') });
  try {
    const targets = new Map();
    const short = (url) => {
      try {
        return new URL(url).pathname.split('/').slice(-2).join('/').slice(0, 80);
      } catch {
        return url.slice(0, 80);
      }
    };
    let session;
    // The host frame's own mark once its page frame loaded (HOST_PROBE logs it): the page was made,
    // whatever the frame tree says (it did not list the page frame in runs where the page showed).
    let pageLoaded = false;
    browser.on((m) => {
      const info = m.params?.targetInfo;
      if (m.method === 'Target.targetCreated' || m.method === 'Target.targetInfoChanged') {
        const line = `${info.type} ${info.targetId.slice(0, 8)} ${short(info.url)}${info.attached ? ' (attached)' : ''}`;
        if (['page', 'iframe', 'service_worker'].includes(info.type) && targets.get(info.targetId)?.line !== line) {
          note(`target ${m.method === 'Target.targetCreated' ? 'created' : 'changed'}: ${line}`);
        }
        targets.set(info.targetId, { line, url: info.url, type: info.type });
      } else if (m.method === 'Target.targetDestroyed' && targets.has(m.params.targetId)) {
        note(`target destroyed: ${targets.get(m.params.targetId).line}`);
        targets.delete(m.params.targetId);
      } else if (m.method === 'Target.targetCrashed') {
        note(`target crashed: ${m.params.targetId.slice(0, 8)} (${m.params.status})`);
      } else if (m.method === 'Runtime.consoleAPICalled' && m.sessionId === session) {
        const text = m.params.args.map((a) => a.value ?? a.description ?? '').join(' ');
        pageLoaded ||= text.includes('[swprobe]') && text.includes('mark content/innerFrameLoaded');
        if (/webview|service worker|could not|error|swprobe/i.test(text)) {
          note(`console ${m.params.type}: ${text.slice(0, 200)}`);
        }
      }
    });
    await browser.send('Target.setDiscoverTargets', { discover: true });
    const { targetId } = await browser.send('Target.createTarget', { url: `${base}/?folder=${encodeURIComponent(folder)}` });
    ({ sessionId: session } = await browser.send('Target.attachToTarget', { targetId, flatten: true }));
    await browser.send('Runtime.enable', {}, session);
    await browser.send('Page.enable', {}, session);
    await browser.send('Page.addScriptToEvaluateOnNewDocument', { source: HOST_PROBE }, session);
    const evaluate = async (expression) => (await browser.send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true }, session)).result.value;
    const until = async (what, test, ms) => {
      const deadline = Date.now() + ms;
      while (Date.now() < deadline) {
        if (await test()) {
          return true;
        }
        await sleep(250);
      }
      note(`driver: no ${what} within ${ms / 1000} s`);
      return false;
    };
    if (!(await until('workbench', () => evaluate('!!document.querySelector(".monaco-workbench .part.editor")'), 180_000))) {
      return undefined;
    }
    await sleep(3000);

    if (tab !== 'none') {
      const { targetId: tabId } = await browser.send('Target.createTarget', { url: `${base}/proxy/${signInPort}/start?auto=1` });
      note('tab opened (no session attached to it)');
      if (!(await until('sign-in tab back on code-server', () => /\/done$/.test(new URL(targets.get(tabId)?.url ?? 'about:blank').pathname), 30_000))) {
        return undefined;
      }
      await sleep(300);
      if (tab === 'close') {
        await browser.send('Target.closeTarget', { targetId: tabId });
        note('tab closed');
      }
    }
    await sleep(gapMs);

    note('opening the Markdown preview');
    const press = async (name) => {
      const { text, ...key } = KEYS[name];
      await browser.send('Input.dispatchKeyEvent', { type: text ? 'keyDown' : 'rawKeyDown', ...key, ...(text ? { text } : {}) }, session);
      await browser.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key }, session);
    };
    const quickInput = async (key, text, row) => {
      await press(key);
      if (!(await until('quick input', () => evaluate('!!document.activeElement?.closest(".quick-input-widget")'), 60_000))) {
        return false;
      }
      // The box may hold text already (F1 puts '>' in it): replaced, as Playwright's fill() does.
      await press('Control+A');
      await browser.send('Input.insertText', { text }, session);
      const rowText = JSON.stringify(row);
      if (
        !(await until(`row ${row}`, () => evaluate(`[...document.querySelectorAll('.quick-input-list .monaco-list-row')].some((r) => r.textContent.includes(${rowText}))`), 60_000))
      ) {
        note(
          `driver: the box reads ${await evaluate('JSON.stringify(document.querySelector(".quick-input-widget input")?.value)')}, rows ${await evaluate(`JSON.stringify([...document.querySelectorAll('.quick-input-list .monaco-list-row')].slice(0, 5).map((r) => r.textContent.slice(0, 60)))`)}`,
        );
        return false;
      }
      await press('Enter');
      // Closed before the next one opens: F1 while this box still had the keyboard typed into it.
      return until('quick input closed', () => evaluate('!document.activeElement?.closest(".quick-input-widget")'), 60_000);
    };
    const opened =
      (await quickInput('Control+P', 'README.md', 'README.md')) &&
      (await until('README editor', () => evaluate(`[...document.querySelectorAll('.tab')].some((t) => t.textContent.includes('README.md'))`), 60_000)) &&
      // The preview command is offered only while a Markdown editor is active (its `when`): the status bar names the language then.
      (await until('a Markdown editor active', () => evaluate(`[...document.querySelectorAll('.statusbar-item')].some((i) => i.textContent.trim() === 'Markdown')`), 60_000)) &&
      (await quickInput('F1', '>Markdown: Open Preview to the Side', 'Markdown: Open Preview to the Side'));
    if (!opened) {
      return undefined;
    }
    const frames = async () => {
      const { frameTree } = await browser.send('Page.getFrameTree', {}, session);
      const all = [];
      const walk = (node) => {
        all.push(node.frame);
        for (const child of node.childFrames ?? []) {
          walk(child);
        }
      };
      walk(frameTree);
      return all;
    };
    if (!(await until('webview host frame', async () => (await frames()).some((f) => f.url.includes('/pre/index.html')), 60_000))) {
      return undefined;
    }
    note('host frame made');
    const made = await until('fake.html', async () => pageLoaded || (await frames()).some((f) => f.url.includes('/pre/fake.html')), 20_000);
    if (made) {
      note('fake.html made');
    } else {
      const host = (await frames()).find((f) => f.url.includes('/pre/index.html'));
      const { executionContextId } = await browser.send('Page.createIsolatedWorld', { frameId: host.id, worldName: 'repro' }, session);
      const facts = await browser.send(
        'Runtime.evaluate',
        {
          contextId: executionContextId,
          returnByValue: true,
          awaitPromise: true,
          expression: `(async () => {
            const c = navigator.serviceWorker;
            const reg = await Promise.race([c.getRegistration(), new Promise((r) => setTimeout(() => r('no answer'), 3000))]);
            const update = reg && typeof reg === 'object'
              ? await Promise.race([reg.update().then(() => 'settles', (e) => 'rejects (' + e + ')'), new Promise((r) => setTimeout(() => r('does not settle within 5 s'), 5000))])
              : 'no registration (' + reg + ')';
            return JSON.stringify({ controller: c.controller ? c.controller.scriptURL.split('?')[0].split('/').pop() : null,
              installing: reg?.installing?.state ?? null, waiting: reg?.waiting?.state ?? null, active: reg?.active?.state ?? null, update });
          })()`,
        },
        session,
      );
      note(`no fake.html within 20 s; host frame: ${facts.result.value}`);
    }
    return made;
  } finally {
    await browser.close();
  }
}
