// The webview record: the life of the workbench's webview frames and service workers as the browser
// sees them (frames attached, navigated, detached; the results page's trace lines; the service
// workers' states and script requests; tabs opened and closed; DevTools targets). Printed when a part
// fails, with --verbose, or when a result had to be shown in its JSON document.
import { recordTargets } from '../cdpTargets.mjs';
import { probeHostFrame, watchServiceWorker } from './serviceWorkerProbes.mjs';

/** Marks the results page's trace lines on its console (TRACE_PREFIX in src/webview/results/page.ts). */
export const RESULTS_PAGE_TRACE = '[tenant-graphql results page] ';

/** The time of day of a record line, on the browser's side (HH:MM:SS.mmm, UTC). */
const clock = (now = new Date()) => now.toISOString().slice(11, 23);

/** A record of at most `limit` lines, the newest last, each stamped with `clock`. */
export function createRecord(limit = 2000, now = () => new Date()) {
  const lines = [];
  return {
    lines,
    add(line) {
      lines.push(`${clock(now())} ${line}`);
      if (lines.length > limit) {
        lines.splice(0, lines.length - limit);
      }
    },
  };
}

/** A webview address in short: its last two path segments, with its purpose and extension id. */
export function shortUrl(url) {
  try {
    const u = new URL(url);
    return `${u.pathname.split('/').slice(-2).join('/')}${u.searchParams.get('purpose') ? ` purpose=${u.searchParams.get('purpose')}` : ''}${u.searchParams.get('extensionId') ? ` ${u.searchParams.get('extensionId')}` : ''}`;
  } catch {
    return url.slice(0, 120);
  }
}

/** Whether a request fetches a service worker's script (the webview host's update() checks fetch it again). */
export const isWorkerScript = (url) => /service-?worker\.js/i.test(url);

/** What a console message of the workbench's page adds to the record, or undefined for nothing. */
export function consoleLine({ text, type, locationUrl }) {
  const i = text.indexOf(RESULTS_PAGE_TRACE);
  if (i >= 0) {
    return `results page: ${text.slice(i + RESULTS_PAGE_TRACE.length)}`;
  }
  // What the webview host frames (pre/index.html, the service worker's clients) and the workbench say about webviews.
  const fromWebview = /webview/i.test(locationUrl ?? '');
  if ((fromWebview && type !== 'debug') || /webview|service worker/i.test(text)) {
    return `console ${type}${fromWebview ? ' (webview frame)' : ''}: ${text.slice(0, 300)}`;
  }
  return undefined;
}

/** The workbench page's frames and console, and the browser's targets. */
function recordPage(page, browser, add) {
  const frameNames = new Map();
  const isWebview = (frame) => frame !== page.mainFrame() && /webview|vscode-resource|vscode-cdn/.test(frame.url());
  const nameOf = (frame) => {
    if (!frameNames.has(frame)) {
      frameNames.set(frame, `frame ${frameNames.size + 1}`);
    }
    return frameNames.get(frame);
  };
  page.on('frameattached', (frame) => add(`${nameOf(frame)} attached (parent ${frame.parentFrame() === page.mainFrame() ? 'workbench' : nameOf(frame.parentFrame())})`));
  page.on('framenavigated', (frame) => {
    if (isWebview(frame)) {
      add(`${nameOf(frame)} navigated: ${shortUrl(frame.url())}`);
      if (/\/pre\/index\.html/.test(frame.url())) {
        void probeHostFrame(frame, browser, (line) => add(`${nameOf(frame)} ${line}`));
      }
    }
  });
  page.on('framedetached', (frame) => {
    if (frameNames.has(frame)) {
      add(`${nameOf(frame)} detached`);
    }
  });
  page.on('console', (message) => {
    const line = consoleLine({ text: message.text(), type: message.type(), locationUrl: message.location()?.url });
    if (line !== undefined) {
      add(line);
    }
  });
  page.on('worker', (worker) => add(`worker started: ${shortUrl(worker.url())}`));
  void recordTargets(browser, add);
}

/** The context's service workers, their script requests, and the other tabs (sign-in pages). */
function recordContext(context, add) {
  context.on('serviceworker', (worker) => {
    add(`service worker started: ${worker.url().slice(0, 160)}`);
    worker.on('close', () => add('service worker closed'));
    void watchServiceWorker(worker, add);
  });
  // With a route on the context, Playwright intercepts the workers' requests too, so the record says
  // whether each request for a worker's script finished.
  const describeRequest = (request) => {
    let from = 'from a frame';
    try {
      from = request.serviceWorker() ? `from the service worker ${new URL(request.serviceWorker().url()).pathname.split('/').pop()}` : (request.frame(), 'from a frame');
    } catch {
      from = 'from no frame';
    }
    return `${request.method()} ${new URL(request.url()).pathname.split('/').pop()} (${from})`;
  };
  context.on('request', (request) => isWorkerScript(request.url()) && add(`request: ${describeRequest(request)}`));
  context.on('requestfinished', (request) => isWorkerScript(request.url()) && add(`request finished: ${describeRequest(request)}`));
  context.on('requestfailed', (request) => isWorkerScript(request.url()) && add(`request failed: ${describeRequest(request)} ${request.failure()?.errorText ?? ''}`));
  // A tab closing while a webview starts once blanked every webview of a run.
  context.on('page', (tab) => {
    add('tab opened');
    tab.on('close', () => add(`tab closed: ${tab.url().slice(0, 100)}`));
  });
}

/** Starts recording the workbench `page` of `context` in `browser`. Returns the record's lines (a growing list, at most 2,000). */
export function recordWebviews({ page, context, browser }) {
  const record = createRecord();
  recordPage(page, browser, record.add);
  recordContext(context, record.add);
  return record.lines;
}
