/**
 * The parts of a shown result above its data: the header (operation, facts, actions, the response's
 * headers and timing) and the failure and errors sections. Text only (textContent).
 */
import { errorPositions, type JsonActionKind, type RunResultView } from '../../shared/resultsMessages';
import { stringifyJson } from '../../shared/deepJson';
import { format } from './jsonTreeModel';
import { formatBytes, formatDuration, formatTime, operationTitle, pathText, statusClass, statusText } from './format';
import { el, nameValueList, post, strings } from './page';
import { iconButton, type IconName } from './icons';

export function renderHeader(view: RunResultView): HTMLElement {
  const header = el('header', 'header');
  const titleRow = el('div', 'title-row');
  titleRow.append(el('h1', 'operation', operationTitle(view, strings)), toolbar(view));
  header.append(titleRow);
  const facts = el('dl', 'facts');
  const fact = (label: string, value: string, cls?: string): void => {
    const item = el('div', 'fact');
    item.append(el('dt', undefined, label), el('dd', cls, value));
    facts.append(item);
  };
  fact(strings.environment, view.environment);
  fact(strings.status, statusText(view.status, strings), `status status-${statusClass(view)}`);
  fact(strings.duration, formatDuration(view.durationMs));
  fact(strings.size, formatBytes(view.bytes));
  fact(strings.time, formatTime(view.at));
  if (view.response?.attempts !== undefined && view.response.attempts > 1) {
    fact(strings.attempts, String(view.response.attempts));
  }
  header.append(facts);
  const headers = Array.isArray(view.response?.headers) ? view.response.headers.filter((h) => Array.isArray(h) && typeof h[0] === 'string' && typeof h[1] === 'string') : [];
  const timing = timingRows(view.response?.timing);
  if (headers.length > 0 || timing.length > 0) {
    const details = el('details', 'response-headers');
    details.append(el('summary', undefined, format(strings.responseHeading, headers.length)));
    if (timing.length > 0) {
      details.append(nameValueList('timing', 'timing-row', timing));
    }
    details.append(nameValueList('headers', 'header-row', headers));
    header.append(details);
  }
  return header;
}

/**
 * The result's actions as one row of icon buttons (named by their tooltips), each shown only when it
 * applies: Run Again for a run from a document, the JSON actions when there is an answer.
 */
function toolbar(view: RunResultView): HTMLElement {
  const bar = el('div', 'toolbar');
  bar.setAttribute('role', 'toolbar');
  bar.setAttribute('aria-label', strings.actionsLabel);
  const add = (name: IconName, label: string, onClick: (button: HTMLButtonElement) => void): void => {
    const button = iconButton(name, label);
    button.addEventListener('click', () => onClick(button));
    bar.append(button);
  };
  if (view.documentUri) {
    add('runAgain', strings.runAgain, () => post({ type: 'runAgain', runId: view.runId }));
  }
  add('pin', strings.pinResult, (button) => {
    button.disabled = true;
    post({ type: 'pin', runId: view.runId });
  });
  if (view.body !== undefined) {
    const json = (type: JsonActionKind, name: IconName, label: string): void => add(name, label, () => post({ type, runId: view.runId }));
    json('copyJson', 'copy', strings.copyJson);
    json('saveJson', 'save', strings.saveJson);
    json('openJson', 'openJson', strings.openJson);
  }
  return bar;
}

/** Milliseconds with one decimal under 10 ms (a local request's phases are fractions of one). */
function phaseMs(ms: unknown): string | undefined {
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) {
    return undefined;
  }
  return ms < 10 ? `${ms.toFixed(1)} ms` : formatDuration(ms);
}

/**
 * The timing breakdown's rows: DNS, connect and TLS for a connection opened for this request (each
 * one measured: no DNS for an IP address, no TLS over http; through a proxy, DNS and connect to the
 * proxy, its CONNECT tunnel, TLS to the server over it), else what the connection was; then first
 * byte and download.
 */
function timingRows(timing: unknown): [string, string][] {
  if (typeof timing !== 'object' || timing === null) {
    return [];
  }
  const t = timing as Record<string, unknown>;
  const rows: [string, string][] = [];
  const row = (label: string, value: unknown): void => {
    const text = phaseMs(value);
    if (text !== undefined) {
      rows.push([label, text]);
    }
  };
  const connection =
    t.connection === 'new'
      ? strings.connectionNew
      : t.connection === 'reused'
        ? strings.connectionReused
        : t.connection === 'proxy'
          ? t.connectMs !== undefined
            ? strings.connectionProxyTunnel
            : strings.connectionProxy
          : strings.connectionUnknown;
  rows.push([strings.timingConnection, connection]);
  if (t.connection === 'new' || t.connection === 'proxy') {
    row(strings.timingDns, t.dnsMs);
    row(strings.timingConnect, t.connectMs);
    row(strings.timingTunnel, t.tunnelMs);
    row(strings.timingTls, t.tlsMs);
  }
  row(strings.timingFirstByte, t.firstByteMs);
  row(strings.timingDownload, t.downloadMs);
  return rows;
}

export function renderFailure(failure: NonNullable<RunResultView['failure']>): HTMLElement {
  // Not role="alert": the status line (announce) already says that the run failed, in one line.
  const section = el('section', 'failure');
  section.append(el('h2', undefined, failure.title), el('p', 'message', failure.message));
  if (failure.bodyText) {
    section.append(el('h3', undefined, strings.firstBytes), el('pre', 'body-text', failure.bodyText));
  }
  return section;
}

export function renderErrors(view: RunResultView, errors: NonNullable<NonNullable<RunResultView['body']>['errors']>): HTMLElement {
  const section = el('section', 'errors');
  section.append(el('h2', undefined, format(strings.errorsHeading, errors.length)));
  const list = el('ul', 'error-list');
  for (const error of errors) {
    const item = el('li', 'error');
    item.append(el('div', 'message', error.message));
    const path = pathText(error.path);
    if (path) {
      item.append(el('div', 'path', format(strings.errorPath, path)));
    }
    const positions = errorPositions(error);
    const where = el('div', 'locations');
    for (const { line, column } of positions) {
      const text = format(strings.errorLocation, line, column);
      if (view.documentUri) {
        const button = el('button', 'location link', text);
        button.type = 'button';
        button.title = strings.errorLocationHint;
        const documentUri = view.documentUri;
        button.addEventListener('click', () => post({ type: 'reveal', runId: view.runId, documentUri, line, column }));
        where.append(button);
      } else {
        where.append(el('span', 'location', text));
      }
    }
    if (positions.length === 0) {
      where.append(el('span', 'location none', strings.errorNoLocation));
    }
    item.append(where);
    if (error.extensions && typeof error.extensions === 'object') {
      item.append(el('div', 'extensions', stringifyJson(error.extensions, { maxLength: 301 })));
    }
    list.append(item);
  }
  section.append(list);
  return section;
}
