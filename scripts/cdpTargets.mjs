// The browser's targets as a record of lines (the integration runner's webview record, scripts/repro).

/**
 * The browser's targets as DevTools' Target domain reports them (discovery only: nothing is attached
 * or held): pages, frames and service workers created, changed (attached or not, their address) and
 * destroyed or crashed. A blank webview's record then shows which workers existed, which sessions
 * were attached to them and whether a tab's renderer went away while a host frame waited.
 */
export async function recordTargets(browser, add) {
  const short = (url) => {
    try {
      const u = new URL(url);
      return `${u.pathname.split('/').slice(-2).join('/')}`.slice(0, 80);
    } catch {
      return url.slice(0, 80);
    }
  };
  const kept = (info) => ['page', 'iframe', 'service_worker', 'shared_worker'].includes(info.type);
  const known = new Map();
  try {
    const cdp = await browser.newBrowserCDPSession();
    const describe = (info) => `${info.type} ${info.targetId.slice(0, 8)} ${short(info.url)}${info.attached ? ' (attached)' : ''}`;
    cdp.on('Target.targetCreated', ({ targetInfo }) => {
      if (kept(targetInfo)) {
        known.set(targetInfo.targetId, describe(targetInfo));
        add(`target created: ${describe(targetInfo)}`);
      }
    });
    cdp.on('Target.targetInfoChanged', ({ targetInfo }) => {
      if (kept(targetInfo) && known.get(targetInfo.targetId) !== describe(targetInfo)) {
        known.set(targetInfo.targetId, describe(targetInfo));
        add(`target changed: ${describe(targetInfo)}`);
      }
    });
    cdp.on('Target.targetDestroyed', ({ targetId }) => {
      if (known.has(targetId)) {
        add(`target destroyed: ${known.get(targetId)}`);
        known.delete(targetId);
      }
    });
    cdp.on('Target.targetCrashed', ({ targetId, status }) => add(`target crashed: ${known.get(targetId) ?? targetId.slice(0, 8)} (${status})`));
    await cdp.send('Target.setDiscoverTargets', { discover: true });
  } catch (err) {
    add(`targets: could not record them: ${err.message.split('\n')[0]}`);
  }
}
