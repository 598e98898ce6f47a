// Faults of VS Code's webview host in browsers, injected on a test's demand (through the browser
// harness: {"serviceWorkerFaults": n} or {"webviewHostHangs": n}).
import { log } from './lifecycle.mjs';

/**
 * The fault for the next webview host's service worker registration, counting it down in `counts`
 * (`{ serviceWorkerFaults, webviewHostHangs }`): 'fail' first, then 'hang', else undefined (no fault).
 */
export function takeFault(counts) {
  if (counts.serviceWorkerFaults > 0) {
    counts.serviceWorkerFaults--;
    return 'fail';
  }
  if (counts.webviewHostHangs > 0) {
    counts.webviewHostHangs--;
    return 'hang';
  }
  return undefined;
}

/** Runs in every frame: wraps `navigator.serviceWorker.register` in webview host frames (webview/browser/pre/). */
const REGISTER_WRAPPER = `(() => {
    const container = navigator.serviceWorker;
    if (!container || !location.pathname.includes('/webview/browser/pre/')) return;
    const register = container.register.bind(container);
    container.register = async (...args) => {
      const fault = await window.__tgqServiceWorkerFault();
      if (fault === 'fail') {
        throw new DOMException('Failed to register a ServiceWorker: The document is in an invalid state.', 'InvalidStateError');
      }
      if (fault === 'hang') {
        // The host frame waits for its worker and never ends its wait (no fake.html, no page), as in the failing runs after a sign-in.
        return new Promise(() => undefined);
      }
      return register(...args);
    };
  })();`;

/**
 * The next `counts.serviceWorkerFaults` calls of `navigator.serviceWorker.register` in a webview host
 * frame fail the way microsoft/vscode#125993 reports ("Could not register service worker:
 * InvalidStateError"): such a host frame never loads the page it is given. The next
 * `counts.webviewHostHangs` never settle. The workbench's own service worker is left alone.
 */
export async function injectServiceWorkerFaults(context, counts) {
  await context.exposeBinding('__tgqServiceWorkerFault', () => {
    const fault = takeFault(counts);
    if (fault === 'fail') {
      log("browser harness: failing a webview host frame's service worker registration, as asked");
    } else if (fault === 'hang') {
      log("browser harness: a webview host frame's service worker registration never settles, as asked");
    }
    return fault;
  });
  await context.addInitScript(REGISTER_WRAPPER);
}
