/** Header texts of the results view (pure, unit-tested). */
import type { ResultsStrings, RunResultView } from '../../shared/resultsMessages';
import { format } from './jsonTreeModel';

const STATUS_TEXT: Readonly<Record<number, string>> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** "200 OK", "418", or the "no HTTP answer" text. */
export function statusText(status: number | undefined, strings: Pick<ResultsStrings, 'noHttpAnswer'>): string {
  if (status === undefined) {
    return strings.noHttpAnswer;
  }
  const reason = STATUS_TEXT[status];
  return reason ? `${status} ${reason}` : String(status);
}

/** "ok" for 2xx without errors, "partial" for 2xx with errors, "error" otherwise (a CSS class). */
export function statusClass(view: Pick<RunResultView, 'status' | 'body' | 'failure'>): 'ok' | 'partial' | 'error' {
  if (view.failure || view.status === undefined || view.status < 200 || view.status >= 300) {
    return 'error';
  }
  return view.body?.errors?.length ? 'partial' : 'ok';
}

/** "850 ms", "1.25 s", "2 min 5 s". */
export function formatDuration(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms) || ms < 0) {
    return '-';
  }
  if (ms < 1000) {
    return `${Math.round(ms)} ms`;
  }
  if (ms < 60_000) {
    return `${(ms / 1000).toFixed(2)} s`;
  }
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}

/** "512 B", "1.5 KB", "3.2 MB" (powers of 1024). */
export function formatBytes(bytes: number | undefined): string {
  if (bytes === undefined || !Number.isFinite(bytes) || bytes < 0) {
    return '-';
  }
  if (bytes < 1024) {
    return `${bytes} B`;
  }
  const units = ['KB', 'MB', 'GB'];
  let v = bytes / 1024;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${v >= 10 ? v.toFixed(0) : v.toFixed(1)} ${units[u]}`;
}

/** The time of the run in the webview's locale, or the ISO text when it does not parse. */
export function formatTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
}

/** "tasks (query)" or "(anonymous query)". */
export function operationTitle(view: Pick<RunResultView, 'operationName' | 'operationType'>, strings: Pick<ResultsStrings, 'anonymousOperation'>): string {
  const type = view.operationType ?? 'query';
  return view.operationName ? `${view.operationName} (${type})` : format(strings.anonymousOperation, type);
}

/** "tasks.0.title" for an error's path. */
export function pathText(path: readonly unknown[] | undefined): string | undefined {
  if (!Array.isArray(path) || path.length === 0) {
    return undefined;
  }
  return path.map((p) => String(p)).join('.');
}
