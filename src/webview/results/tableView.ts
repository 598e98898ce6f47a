/**
 * A list of the answer as a table: an ARIA grid with a sticky header, sortable (click or Enter on a
 * header; `aria-sort`), resizable columns (drag a header's edge), keyboard navigation (arrows,
 * Home/End, Ctrl+Home/End, Page Up/Down) and virtualised rows: only the rows in view (plus a few)
 * are in the DOM, so 10,000 rows scroll as smoothly as 10. Cells are text only.
 */
import { cellText, sortRows, type Cell, type Table } from '../../shared/table';

/** Row height in pixels (fixed, so a row's place is its index times this). */
export const ROW_HEIGHT = 22;
const OVERSCAN = 8;
const DEFAULT_WIDTH = 160;
const MIN_WIDTH = 40;

export type SortState = { readonly column: number; readonly direction: 'ascending' | 'descending' } | undefined;

export class TableView {
  readonly element: HTMLElement;
  private readonly grid: HTMLElement;
  private readonly header: HTMLElement;
  private readonly body: HTMLElement;
  private readonly widths: number[];
  private rows: (readonly Cell[])[];
  private sort: SortState;
  private active = { row: 0, col: 0 };
  private frame = 0;
  private first = -1;
  private last = -1;

  constructor(
    private readonly table: Table,
    label: string,
    /** Told when the sort changes (exports follow the order shown). */
    private readonly onSort: (sort: SortState) => void = () => undefined,
  ) {
    this.rows = [...table.rows];
    this.widths = table.columns.map(() => DEFAULT_WIDTH);
    this.element = document.createElement('div');
    this.element.className = 'table-scroll';
    this.grid = document.createElement('div');
    this.grid.className = 'table-grid';
    this.grid.setAttribute('role', 'grid');
    this.grid.setAttribute('aria-label', label);
    this.grid.setAttribute('aria-rowcount', String(table.rows.length + 1));
    this.grid.setAttribute('aria-colcount', String(table.columns.length));
    this.header = document.createElement('div');
    this.header.className = 'table-row table-header';
    this.header.setAttribute('role', 'row');
    this.header.setAttribute('aria-rowindex', '1');
    this.body = document.createElement('div');
    this.body.className = 'table-body';
    this.body.setAttribute('role', 'rowgroup');
    this.grid.append(this.header, this.body);
    this.element.append(this.grid);
    this.renderHeader();
    this.applyWidths();
    this.element.addEventListener('scroll', () => this.schedule());
    this.grid.addEventListener('keydown', (e) => this.onKeyDown(e));
    this.grid.addEventListener('click', (e) => this.onClick(e));
    this.schedule();
  }

  /** Rows in the DOM now (for tests and the benchmark). */
  renderedRows(): number {
    return this.body.childElementCount;
  }

  private renderHeader(): void {
    const cells = this.table.columns.map((name, i) => {
      const th = document.createElement('div');
      th.className = 'table-cell table-head';
      th.setAttribute('role', 'columnheader');
      th.setAttribute('aria-colindex', String(i + 1));
      th.setAttribute('aria-sort', this.sort?.column === i ? this.sort.direction : 'none');
      th.tabIndex = -1;
      th.dataset.col = String(i);
      const text = document.createElement('span');
      text.className = 'table-head-text';
      text.textContent = name;
      const grip = document.createElement('span');
      grip.className = 'table-resize';
      grip.setAttribute('aria-hidden', 'true');
      grip.addEventListener('pointerdown', (e) => this.startResize(e, i));
      th.append(text, grip);
      return th;
    });
    this.header.replaceChildren(...cells);
  }

  private applyWidths(): void {
    const template = this.widths.map((w) => `${w}px`).join(' ');
    this.grid.style.setProperty('--table-columns', template);
    this.grid.style.width = `${this.widths.reduce((a, b) => a + b, 0)}px`;
    this.body.style.height = `${this.rows.length * ROW_HEIGHT}px`;
  }

  private startResize(e: PointerEvent, col: number): void {
    e.preventDefault();
    e.stopPropagation();
    const startX = e.clientX;
    const startWidth = this.widths[col];
    const move = (ev: PointerEvent) => {
      this.widths[col] = Math.max(MIN_WIDTH, startWidth + ev.clientX - startX);
      this.applyWidths();
    };
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  }

  private schedule(): void {
    if (this.frame === 0) {
      this.frame = requestAnimationFrame(() => {
        this.frame = 0;
        this.renderRows(false);
      });
    }
  }

  /** Puts the rows in view (plus a few) in the DOM; `force` rebuilds them (after a sort). */
  private renderRows(force: boolean): void {
    const headerHeight = ROW_HEIGHT;
    const top = Math.max(0, this.element.scrollTop - headerHeight);
    const height = this.element.clientHeight || 400;
    const first = Math.max(0, Math.floor(top / ROW_HEIGHT) - OVERSCAN);
    const last = Math.min(this.rows.length, Math.ceil((top + height) / ROW_HEIGHT) + OVERSCAN);
    if (!force && first === this.first && last === this.last) {
      return;
    }
    this.first = first;
    this.last = last;
    const out: HTMLElement[] = [];
    for (let r = first; r < last; r++) {
      const row = document.createElement('div');
      row.className = 'table-row';
      row.setAttribute('role', 'row');
      row.setAttribute('aria-rowindex', String(r + 2));
      row.style.transform = `translateY(${r * ROW_HEIGHT}px)`;
      const values = this.rows[r];
      for (let c = 0; c < this.table.columns.length; c++) {
        const cell = document.createElement('div');
        cell.className = 'table-cell';
        cell.setAttribute('role', 'gridcell');
        cell.setAttribute('aria-colindex', String(c + 1));
        const v = values[c];
        cell.textContent = cellText(v);
        if (typeof v === 'number') {
          cell.classList.add('number');
        }
        const isActive = r === this.active.row && c === this.active.col;
        cell.tabIndex = isActive ? 0 : -1;
        row.append(cell);
      }
      out.push(row);
    }
    this.body.replaceChildren(...out);
  }

  private sortBy(col: number): void {
    const direction = this.sort?.column === col && this.sort.direction === 'ascending' ? 'descending' : 'ascending';
    this.sort = { column: col, direction };
    this.rows = sortRows(this.table.rows, col, direction);
    this.renderHeader();
    this.renderRows(true);
    this.onSort(this.sort);
    (this.header.children[col] as HTMLElement | undefined)?.focus();
  }

  private onClick(e: MouseEvent): void {
    const target = e.target instanceof Element ? e.target : null;
    const head = target?.closest('.table-head');
    if (head instanceof HTMLElement && !target?.classList.contains('table-resize')) {
      this.sortBy(Number(head.dataset.col));
      return;
    }
    const cell = target?.closest('[role="gridcell"]');
    const row = cell?.parentElement;
    if (cell && row) {
      this.moveTo(Number(row.getAttribute('aria-rowindex')) - 2, Number(cell.getAttribute('aria-colindex')) - 1);
    }
  }

  private onKeyDown(e: KeyboardEvent): void {
    const head = e.target instanceof HTMLElement && e.target.classList.contains('table-head') ? e.target : undefined;
    if (head && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      this.sortBy(Number(head.dataset.col));
      return;
    }
    const page = Math.max(1, Math.floor((this.element.clientHeight || 400) / ROW_HEIGHT) - 1);
    let { row, col } = this.active;
    switch (e.key) {
      case 'ArrowDown':
        row++;
        break;
      case 'ArrowUp':
        if (row === 0 && !head) {
          e.preventDefault();
          (this.header.children[col] as HTMLElement | undefined)?.focus();
          return;
        }
        row--;
        break;
      case 'ArrowRight':
        col++;
        break;
      case 'ArrowLeft':
        col--;
        break;
      case 'PageDown':
        row += page;
        break;
      case 'PageUp':
        row -= page;
        break;
      case 'Home':
        col = 0;
        if (e.ctrlKey) {
          row = 0;
        }
        break;
      case 'End':
        col = this.table.columns.length - 1;
        if (e.ctrlKey) {
          row = this.rows.length - 1;
        }
        break;
      default:
        return;
    }
    e.preventDefault();
    if (head && e.key !== 'ArrowDown') {
      const next = this.header.children[Math.max(0, Math.min(this.table.columns.length - 1, col))] as HTMLElement | undefined;
      this.active = { row: this.active.row, col: Math.max(0, Math.min(this.table.columns.length - 1, col)) };
      next?.focus();
      return;
    }
    this.moveTo(head ? 0 : row, col);
  }

  /** Makes a cell the active one (roving tabindex), scrolls it into view and focuses it. */
  private moveTo(row: number, col: number): void {
    if (this.rows.length === 0) {
      return;
    }
    this.active = { row: Math.max(0, Math.min(this.rows.length - 1, row)), col: Math.max(0, Math.min(this.table.columns.length - 1, col)) };
    const y = this.active.row * ROW_HEIGHT;
    const view = this.element.clientHeight || 400;
    if (y < this.element.scrollTop) {
      this.element.scrollTop = y;
    } else if (y + 2 * ROW_HEIGHT > this.element.scrollTop + view) {
      this.element.scrollTop = y + 2 * ROW_HEIGHT - view;
    }
    this.renderRows(true);
    const rowEl = this.body.querySelector(`[aria-rowindex="${this.active.row + 2}"]`);
    (rowEl?.children[this.active.col] as HTMLElement | undefined)?.focus();
  }
}
