/**
 * The results page's toolbar icons: 16 px line drawings in the manner of VS Code's codicons
 * (drawn here: the codicon font is not a dependency), in `currentColor` so that they take the
 * theme's icon colour. Built with DOM calls (no markup strings, nothing the CSP has to allow).
 */

/** The icons the page uses. */
export type IconName = 'runAgain' | 'pin' | 'copy' | 'save' | 'openJson' | 'table' | 'tree';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Each icon as path data on a 16×16 grid, stroked 1 px. */
const PATHS: Readonly<Record<IconName, readonly string[]>> = {
  runAgain: ['M13.5 8a5.5 5.5 0 1 1-1.6-3.9', 'M12.5 1.5v3h-3'],
  pin: ['M5.5 1.5h5', 'M6.5 1.5v4.5l-2.5 3h8l-2.5-3V1.5', 'M8 9v5.5'],
  copy: ['M5.5 5.5h8v9h-8z', 'M3.5 11.5h-1v-10h8v1'],
  save: ['M2.5 2.5h9l2 2v9h-11z', 'M5 2.5v3.5h5V2.5', 'M4.5 13.5v-4h7v4'],
  openJson: [
    'M3.5 1.5h6l3 3v10h-9z',
    'M9.5 1.5v3h3',
    'M7 7.5c-1 0-1 .5-1 1.25S6 10 5.25 10c.75 0 .75.5.75 1.25S6 12.5 7 12.5',
    'M9 7.5c1 0 1 .5 1 1.25s0 1.25.75 1.25c-.75 0-.75.5-.75 1.25S10 12.5 9 12.5',
  ],
  table: ['M1.5 2.5h13v11h-13z', 'M1.5 6h13', 'M1.5 9.75h13', 'M6 2.5v11'],
  tree: ['M2.5 2.5h4', 'M4 2.5v9h3', 'M4 7h3', 'M9 7h5', 'M9 11.5h5', 'M9 2.5h5'],
};

/** An `<svg>` icon, hidden from screen readers (the button it is in carries the name). */
export function icon(name: IconName): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 16 16');
  svg.setAttribute('width', '16');
  svg.setAttribute('height', '16');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  svg.setAttribute('class', 'icon');
  for (const d of PATHS[name]) {
    const path = document.createElementNS(SVG_NS, 'path');
    path.setAttribute('d', d);
    svg.append(path);
  }
  return svg;
}

/** A toolbar button showing only an icon: its name is its tooltip and its accessible name. */
export function iconButton(name: IconName, label: string): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'icon-button';
  button.title = label;
  button.setAttribute('aria-label', label);
  button.append(icon(name));
  return button;
}
