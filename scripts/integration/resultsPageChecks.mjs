// Checks of the results webview's page that only a browser can make, run by the browser harness when
// a test asks ({"axe": ...} or {"panelLayout": ...}; see test/integration/helpers.ts): axe-core's
// accessibility rules, and the layout at a given width. Each writes its facts to the file the test
// named, which the test (in the extension host) reads and asserts on.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

/**
 * Writes `value` as JSON to `out` whole, then renames it into place: the test reads `out` as soon as
 * it exists, and a plain write let it read the file between its creation and its content once (JSON.parse of '').
 */
export function writeResult(out, value) {
  writeFileSync(`${out}.partial`, JSON.stringify(value));
  renameSync(`${out}.partial`, out);
}

/** The first frame of the context's pages for which `test(frame)` resolves true, polled every 250 ms for at most 30 s (a hang guard). */
async function findFrame(context, test) {
  const deadline = Date.now() + 30_000;
  let frame;
  while (!frame && Date.now() < deadline) {
    for (const page of context.pages()) {
      for (const f of page.frames()) {
        if (await test(f).catch(() => false)) {
          frame = f;
        }
      }
    }
    if (!frame) {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  return frame;
}

/**
 * Runs axe-core (https://github.com/dequelabs/axe-core, from node_modules) inside the results
 * webview's page frame once its body has the theme class the test waits for (`vscode-dark`,
 * `vscode-high-contrast`), and writes to `out` the violations and a few facts about the page's live
 * regions and tree items. On failure, writes the error.
 */
export async function checkAccessibility(context, { themeClass, out }) {
  try {
    const source = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    const frame = await findFrame(context, (f) => f.evaluate((cls) => !!document.querySelector('main#root') && document.body.classList.contains(cls), themeClass));
    if (!frame) {
      writeResult(out, { error: `no results page with the ${themeClass} theme within 30 s` });
      return;
    }
    await frame.evaluate(source);
    const result = await frame.evaluate(async () => {
      /* global axe, document -- runs in the page; axe injected above */
      const r = await axe.run(document, { resultTypes: ['violations'] });
      const items = [...document.querySelectorAll('[role="treeitem"]')];
      return {
        bodyClass: document.body.className,
        violations: r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) })),
        liveRegions: [...document.querySelectorAll('[aria-live], [role="status"], [role="alert"]')].map((e) => ({
          tag: e.tagName.toLowerCase(),
          id: e.id,
          role: e.getAttribute('role'),
          live: e.getAttribute('aria-live'),
          text: e.textContent,
        })),
        treeItems: items.length,
        treeItemsWithoutPosition: items.filter((e) => !e.hasAttribute('aria-posinset') || !e.hasAttribute('aria-setsize') || !e.hasAttribute('aria-level')).length,
      };
    });
    writeResult(out, result);
  } catch (err) {
    writeResult(out, { error: String(err?.stack ?? err) });
  }
}

/** Measures the results page in the page itself: the toolbar, the visible controls, the filter's placeholder against its room, overflow. */
function measureLayout() {
  /* global getComputedStyle -- runs in the page (document: declared above) */
  const visible = (e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden';
  };
  const box = (e) => {
    const r = e.getBoundingClientRect();
    return { top: Math.round(r.top), bottom: Math.round(r.bottom), left: Math.round(r.left), right: Math.round(r.right) };
  };
  const controls = [...document.querySelectorAll('button, select, input')].filter(visible);
  const input = document.querySelector('input.filter-input');
  let placeholder;
  if (input && visible(input)) {
    const cs = getComputedStyle(input);
    const ctx = document.createElement('canvas').getContext('2d');
    ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    placeholder = {
      text: input.placeholder,
      width: Math.ceil(ctx.measureText(input.placeholder).width),
      room: Math.floor(input.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight)),
    };
  }
  return {
    bodyClass: document.body.className,
    viewportWidth: document.documentElement.clientWidth,
    scrollWidth: document.documentElement.scrollWidth,
    title: box(document.querySelector('h1.operation')),
    toolbar: [...document.querySelectorAll('.toolbar button')].filter(visible).map((b) => ({ label: b.getAttribute('aria-label'), ...box(b) })),
    tableControls: [...document.querySelectorAll('.table-controls > *')].filter(visible).map((e) => ({ tag: e.tagName.toLowerCase(), text: e.textContent, ...box(e) })),
    emptySelects: controls.filter((e) => e.tagName === 'SELECT' && e.options.length === 0).length,
    unnamedButtons: controls.filter((e) => e.tagName === 'BUTTON' && !(e.textContent.trim() || e.getAttribute('aria-label'))).length,
    placeholder,
    hints: [...document.querySelectorAll('.hint')].filter(visible).map((e) => e.textContent),
  };
}

/**
 * The results page as a person sees it at `width` px: once its body has `themeClass` and its title
 * shows `title`, the webview is made that wide, its layout measured, and, with `screenshots` (a
 * folder: --screenshots), a PNG of it saved there as `<name>.png`. Writes the facts to `out`.
 */
export async function checkPanelLayout(context, { themeClass, title, width, name, out }, screenshots) {
  let host;
  try {
    const frame = await findFrame(context, (f) =>
      f.evaluate(({ cls, text }) => document.body.classList.contains(cls) && (document.querySelector('h1.operation')?.textContent ?? '').includes(text), {
        cls: themeClass,
        text: title,
      }),
    );
    if (!frame) {
      writeResult(out, { error: `no results page titled ${title} with the ${themeClass} theme within 30 s` });
      return;
    }
    // The page's frame sits in the webview's host frame, whose <iframe> is in the workbench.
    host = await frame.parentFrame()?.frameElement();
    if (!host) {
      writeResult(out, { error: 'the results page has no host frame' });
      return;
    }
    await host.evaluate((e, w) => {
      e.style.width = `${w}px`;
    }, width);
    /* global requestAnimationFrame -- runs in the page */
    await frame.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const facts = await frame.evaluate(measureLayout);
    let png;
    if (screenshots) {
      mkdirSync(resolve(screenshots), { recursive: true });
      png = join(resolve(screenshots), `${name}.png`);
      await host.screenshot({ path: png });
    }
    writeResult(out, { ...facts, png });
  } catch (err) {
    writeResult(out, { error: String(err?.stack ?? err) });
  } finally {
    await host
      ?.evaluate((e) => {
        e.style.width = '';
      })
      .catch(() => undefined);
  }
}
