// Probes of the webview host's service workers, for the webview record (webviewRecord.mjs): whether a
// host frame is controlled and whether its registration's update check settles, the registrations as
// DevTools sees them, and each worker's own view of its registration.

/**
 * Looks into a webview host frame (VS Code's webview/browser/pre/index.html) 6 s after it loaded:
 * whether a service worker controls it, whether it made its page's frame, and whether an update
 * check of its registration (what the host awaits when it starts controlled) settles.
 */
export async function probeHostFrame(frame, browser, note) {
  await new Promise((r) => setTimeout(r, 6000));
  const facts = await frame
    .evaluate(async () => {
      const container = navigator.serviceWorker;
      const registration = await Promise.race([container.getRegistration(), new Promise((r) => setTimeout(() => r('no answer'), 3000))]);
      const update =
        registration && typeof registration === 'object'
          ? await Promise.race([
              registration.update().then(
                (r) => `settles (${r === undefined ? 'undefined' : 'a registration'})`,
                (e) => `rejects (${e})`,
              ),
              new Promise((r) => setTimeout(() => r('does not settle within 5 s'), 5000)),
            ])
          : `no registration (${registration})`;
      return JSON.stringify({
        controlled: container.controller ? `${container.controller.state} by ${new URL(container.controller.scriptURL).pathname.split('/').pop()}` : null,
        frames: globalThis.document.querySelectorAll('iframe').length,
        activeFrame: Boolean(globalThis.document.getElementById('active-frame')),
        update,
      });
    })
    .catch((err) => `gone (${err.message.split('\n')[0]})`);
  note(`host frame after 6 s: ${facts}`);
  if (facts.includes('does not settle')) {
    note(`service worker versions: ${await describeServiceWorkerVersions(frame.page())}`);
    note(`service worker targets: ${await describeServiceWorkerTargets(browser)}`);
  }
}

/** The service worker registrations and versions as DevTools' ServiceWorker domain reports them. */
async function describeServiceWorkerVersions(page) {
  try {
    const cdp = await page.context().newCDPSession(page);
    const seen = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) =>
      seen.push({ registrations: e.registrations.map((r) => ({ id: r.registrationId, deleted: r.isDeleted, scope: r.scopeURL.slice(-40) })) }),
    );
    cdp.on('ServiceWorker.workerVersionUpdated', (e) =>
      seen.push({
        versions: e.versions.map((v) => ({
          id: v.versionId,
          reg: v.registrationId,
          running: v.runningStatus,
          status: v.status,
          target: v.targetId?.slice(0, 8),
          clients: v.controlledClients?.length,
        })),
      }),
    );
    cdp.on('ServiceWorker.workerErrorReported', (e) => seen.push({ error: e.errorMessage }));
    await cdp.send('ServiceWorker.enable');
    await new Promise((r) => setTimeout(r, 1500));
    await cdp.detach();
    return JSON.stringify(seen);
  } catch (err) {
    return `could not read them: ${err.message}`;
  }
}

/** The browser's service worker targets (id, attached, script) as DevTools lists them. */
async function describeServiceWorkerTargets(browser) {
  try {
    const cdp = await browser.newBrowserCDPSession();
    const { targetInfos } = await cdp.send('Target.getTargets');
    await cdp.detach();
    const workers = targetInfos.filter((t) => t.type === 'service_worker');
    return JSON.stringify(workers.map((t) => ({ id: t.targetId.slice(0, 8), attached: t.attached, url: t.url.split('/').pop()?.slice(0, 40) })));
  } catch (err) {
    return `could not list them: ${err.message}`;
  }
}

/** The registration's workers' states, as the service worker itself sees them. */
const SERVICE_WORKER_STATE = `JSON.stringify({
  self: self.serviceWorker ? self.serviceWorker.state : undefined,
  installing: self.registration.installing ? self.registration.installing.state : null,
  waiting: self.registration.waiting ? self.registration.waiting.state : null,
  active: self.registration.active ? self.registration.active.state : null,
})`;

/** Whether a worker's answer (see watchServiceWorker) ends the watch: its registration is active, or the worker is gone. */
export const watchIsOver = (state) => /active":"activated|gone/.test(String(state));

/**
 * Follows a service worker the browser started until its registration is active (or a minute
 * passed), as the worker itself sees its registration: the record then shows whether the webview
 * worker ran, installed and activated, and when.
 */
export async function watchServiceWorker(worker, note) {
  const answer = (ms) =>
    Promise.race([
      worker.evaluate(SERVICE_WORKER_STATE).then(
        (state) => `runs (${state})`,
        (err) => `gone (${err.message.split('\n')[0]})`,
      ),
      new Promise((r) => setTimeout(() => r(undefined), ms)),
    ]);
  let state = await answer(10_000);
  note(`service worker ${state ?? 'does not answer within 10 s'}`);
  for (let i = 0; i < 12 && !watchIsOver(state); i++) {
    await new Promise((r) => setTimeout(r, 5_000));
    state = await answer(5_000);
    note(`service worker ${state ?? 'no answer'}`);
  }
}
