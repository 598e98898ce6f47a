/**
 * The template sources of the code files the extension has looked at. A source is one GraphQL
 * template of a code file as a document of its own (templateMapping.ts: its id, and positions
 * mapped between it and its host file); editInsideTemplate.ts moves the sources of a file on a
 * keystroke inside a template instead of scanning the file again.
 *
 * `EmbeddedFiles` keeps the sources of every code file with templates the extension has looked at
 * (open editors and the workspace files the indexer read), so that a location inside any template (a fragment
 * defined in a closed file, a workspace symbol) maps back to its host file.
 */
import { LineIndex } from '../text/lineIndex';
import type { Range } from '../text/position';
import type { ScanOptions } from './embeddedTemplate';
import { editInsideTemplate } from './editInsideTemplate';
import { parseTemplateSourceId, templateSources, toHostRange, type TemplateSource } from './templateMapping';
import { findTemplates } from './templates';

export { graphqlAt, parseTemplateSourceId, templateSourceId, toHostPosition, toHostRange, toTemplatePosition, type TemplateSource } from './templateMapping';

interface HostEntry {
  readonly text: string;
  readonly sources: readonly TemplateSource[];
  readonly tagsKey: string;
}

/**
 * The template sources of every code file with templates looked at (open editors, indexed
 * workspace files), rescanned only when a file's text or the tag names change.
 */
export class EmbeddedFiles {
  private readonly hosts = new Map<string, HostEntry>();
  private readonly byId = new Map<string, TemplateSource>();

  /**
   * The file's sources for this text, scanning only when the text (or the tags) changed. `added`
   * and `removed` name the ids that appeared and went (a file with fewer templates than before).
   * `edit`: what a change event told of the edit that made `text` (where it lies), if known.
   */
  update(hostUri: string, text: string, options: ScanOptions = {}): { sources: readonly TemplateSource[]; removed: string[] } {
    const tagsKey = (options.tags ?? []).join('\n');
    const known = this.hosts.get(hostUri);
    if (known && known.text === text && known.tagsKey === tagsKey) {
      return { sources: known.sources, removed: [] };
    }
    // Typing inside a template changes nothing the scanner sees outside it: move the sources
    // instead of scanning the whole file again.
    const moved = known && known.tagsKey === tagsKey ? editInsideTemplate(known.text, known.sources, text) : undefined;
    const templates = moved ? undefined : findTemplates(text, options);
    const sources = moved ?? (templates && templates.length > 0 ? templateSources(hostUri, templates, new LineIndex(text)) : []);
    const removed: string[] = [];
    for (const old of known?.sources ?? []) {
      if (old.ordinal >= sources.length) {
        removed.push(old.id);
      }
      this.byId.delete(old.id);
    }
    for (const s of sources) {
      this.byId.set(s.id, s);
    }
    if (sources.length > 0) {
      this.hosts.set(hostUri, { text, sources, tagsKey });
    } else {
      // A file without templates is not kept (its text would be most of the memory of a big
      // workspace); scanning it again is two string searches when it names no tag or marker.
      this.hosts.delete(hostUri);
    }
    return { sources, removed };
  }

  /**
   * The file's sources for this text without recording them: the recorded ones when the text and
   * tags are the ones last recorded, else a fresh scan (for a reader that must not change what the
   * indexes hold, e.g. validating a closed file the indexer has not read again yet).
   */
  peek(hostUri: string, text: string, options: ScanOptions = {}): readonly TemplateSource[] {
    const known = this.hosts.get(hostUri);
    if (known && known.text === text && known.tagsKey === (options.tags ?? []).join('\n')) {
      return known.sources;
    }
    const templates = findTemplates(text, options);
    return templates.length > 0 ? templateSources(hostUri, templates, new LineIndex(text)) : [];
  }

  /** Forgets a file; returns the ids of its templates. */
  remove(hostUri: string): string[] {
    const known = this.hosts.get(hostUri);
    if (!known) {
      return [];
    }
    this.hosts.delete(hostUri);
    for (const s of known.sources) {
      this.byId.delete(s.id);
    }
    return known.sources.map((s) => s.id);
  }

  /** The sources last recorded for a file. */
  sourcesOf(hostUri: string): readonly TemplateSource[] {
    return this.hosts.get(hostUri)?.sources ?? [];
  }

  /** Every recorded template source, file by file. */
  *allSources(): IterableIterator<TemplateSource> {
    for (const host of this.hosts.values()) {
      yield* host.sources;
    }
  }

  /** A template source by id. */
  source(id: string): TemplateSource | undefined {
    return this.byId.get(id);
  }

  /**
   * A location as the user sees it: a range in a template's text becomes the range in its host
   * file; any other URI is returned as it is. Undefined for a template id no longer known.
   */
  locate(uri: string, range: Range): { uri: string; range: Range } | undefined {
    if (!parseTemplateSourceId(uri)) {
      return { uri, range };
    }
    const source = this.byId.get(uri);
    return source ? { uri: source.hostUri, range: toHostRange(source.basePosition, range) } : undefined;
  }
}
