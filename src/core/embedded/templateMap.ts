import { LineIndex } from '../text/lineIndex';
import type { Position, Range } from '../text/position';
import type { EmbeddedTemplate } from './templates';

/**
 * Maps positions between a host file (TypeScript, JavaScript, Vue, Svelte) and one of its
 * GraphQL templates. The template's text keeps the host's characters and line breaks, so an
 * offset maps by adding `template.start`; lines and characters go through a LineIndex each side.
 */
export class TemplateMap {
  /** Lines of the GraphQL text (line 0 starts right after the opening backtick). */
  readonly templateIndex: LineIndex;

  constructor(
    readonly hostIndex: LineIndex,
    readonly template: EmbeddedTemplate,
  ) {
    this.templateIndex = new LineIndex(template.text);
  }

  /** True when the host offset lies in the template's GraphQL text (its end included). */
  containsHostOffset(hostOffset: number): boolean {
    return hostOffset >= this.template.start && hostOffset <= this.template.end;
  }

  /** Template-text offset of a host offset, or undefined outside the template. */
  toTemplateOffset(hostOffset: number): number | undefined {
    return this.containsHostOffset(hostOffset) ? hostOffset - this.template.start : undefined;
  }

  toHostOffset(templateOffset: number): number {
    return this.template.start + Math.max(0, Math.min(templateOffset, this.template.text.length));
  }

  /** Template position of a host position, or undefined outside the template. */
  toTemplatePosition(hostPosition: Position): Position | undefined {
    const offset = this.toTemplateOffset(this.hostIndex.offsetAt(hostPosition));
    return offset === undefined ? undefined : this.templateIndex.positionAt(offset);
  }

  toHostPosition(templatePosition: Position): Position {
    return this.hostIndex.positionAt(this.toHostOffset(this.templateIndex.offsetAt(templatePosition)));
  }

  toHostRange(templateRange: Range): Range {
    return { start: this.toHostPosition(templateRange.start), end: this.toHostPosition(templateRange.end) };
  }

  /** Host range of the whole GraphQL text. */
  hostRange(): Range {
    return this.hostIndex.rangeOf(this.template.start, this.template.end);
  }
}

/** Maps for every template of a host text, sharing one host LineIndex. */
export function templateMaps(hostText: string, templates: readonly EmbeddedTemplate[], hostIndex = new LineIndex(hostText)): TemplateMap[] {
  return templates.map((t) => new TemplateMap(hostIndex, t));
}
