/**
 * The filter box of the results panel: a JSONPath expression typed here is sent to the extension
 * (which evaluates it in a worker thread with jsonpath-plus' safe mode) and the matches come back
 * with their paths; each match is shown as a JSON tree of its own (text only). An invalid
 * expression says what is wrong under the box (`role="alert"`).
 */
import type { FilterResultView, ResultsStrings } from '../../shared/resultsMessages';
import { format } from './jsonTreeModel';

/** Typing pauses this long before the filter is sent. */
const DEBOUNCE_MS = 50;
/** Matches rendered as trees (the rest are counted). */
const SHOWN_MATCHES = 100;

type FilterStrings = Pick<
  ResultsStrings,
  'filterLabel' | 'filterPlaceholder' | 'filterExample' | 'filterMatches' | 'filterOneMatch' | 'filterNoMatch' | 'filterMoreMatches' | 'filterCut'
>;

export class FilterView {
  readonly element: HTMLElement;
  private readonly input: HTMLInputElement;
  private readonly status: HTMLElement;
  private readonly results: HTMLElement;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** The expression whose result is awaited or shown ('' when the filter is off). */
  private sent = '';

  constructor(
    private readonly strings: FilterStrings,
    /** Sends an expression to be evaluated ('' clears). */
    private readonly query: (expression: string) => void,
    /** Builds the tree of one match's value (`path` is the match's JSONPath, prefix of its nodes' paths). */
    private readonly matchTree: (value: unknown, path: string) => HTMLElement,
    /** Told when the filter turns on or off (the page hides or shows the full tree). */
    private readonly onActive: (active: boolean) => void,
    /** Told after an answer was shown: the matches rendered, or that the expression was refused. */
    private readonly onShown: (matches: number, invalid: boolean) => void = () => undefined,
  ) {
    this.element = document.createElement('div');
    this.element.className = 'filter';
    this.input = document.createElement('input');
    this.input.type = 'search';
    this.input.className = 'filter-input';
    this.input.placeholder = strings.filterPlaceholder;
    this.input.title = strings.filterExample;
    this.input.setAttribute('aria-label', strings.filterLabel);
    this.input.spellcheck = false;
    this.status = document.createElement('div');
    this.status.className = 'filter-status';
    this.status.setAttribute('aria-live', 'polite');
    this.results = document.createElement('div');
    this.results.className = 'filter-results';
    this.element.append(this.input, this.status, this.results);
    this.input.addEventListener('input', () => this.schedule());
    this.input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') {
        this.send();
      } else if (e.key === 'Escape' && this.input.value !== '') {
        this.input.value = '';
        this.send();
      }
    });
  }

  /** The expression in the box. */
  get expression(): string {
    return this.input.value;
  }

  /** Puts an expression in the box and applies it now. */
  set(expression: string): void {
    this.input.value = expression;
    this.send();
  }

  /** Shows the answer to the expression last sent (an answer to an older one is dropped). */
  show(result: FilterResultView): void {
    if (this.sent === '' || result.expression.trim() !== this.sent) {
      return;
    }
    this.status.removeAttribute('role');
    this.status.classList.remove('error');
    if (!result.ok) {
      this.status.setAttribute('role', 'alert');
      this.status.classList.add('error');
      this.status.textContent = result.message;
      this.results.replaceChildren();
      this.onShown(0, true);
      return;
    }
    this.status.textContent = result.total === 0 ? this.strings.filterNoMatch : result.total === 1 ? this.strings.filterOneMatch : format(this.strings.filterMatches, result.total);
    const items: HTMLElement[] = [];
    for (const match of result.matches.slice(0, SHOWN_MATCHES)) {
      const item = document.createElement('div');
      item.className = 'match';
      const path = document.createElement('div');
      path.className = 'match-path';
      path.textContent = match.path;
      item.append(path);
      let value: unknown;
      let parsed = !match.cut;
      if (parsed) {
        try {
          value = JSON.parse(match.valueJson) as unknown;
        } catch {
          parsed = false;
        }
      }
      if (parsed) {
        item.append(this.matchTree(value, match.path));
      } else {
        const pre = document.createElement('pre');
        pre.className = 'match-text';
        pre.textContent = `${match.valueJson}… ${this.strings.filterCut}`;
        item.append(pre);
      }
      items.push(item);
    }
    const more = result.total - Math.min(result.matches.length, SHOWN_MATCHES);
    if (more > 0) {
      const note = document.createElement('p');
      note.className = 'hint';
      note.textContent = format(this.strings.filterMoreMatches, more);
      items.push(note);
    }
    this.results.replaceChildren(...items);
    this.onShown(Math.min(result.matches.length, SHOWN_MATCHES), false);
  }

  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.send(), DEBOUNCE_MS);
  }

  private send(): void {
    clearTimeout(this.timer);
    const expression = this.input.value.trim();
    if (expression === this.sent) {
      return;
    }
    this.sent = expression;
    if (expression === '') {
      this.status.textContent = '';
      this.status.removeAttribute('role');
      this.status.classList.remove('error');
      this.results.replaceChildren();
      this.onActive(false);
      this.query('');
      return;
    }
    this.onActive(true);
    this.query(expression);
  }
}
