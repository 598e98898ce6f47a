/**
 * The workspace's reference index: for every GraphQL document, what it names and where
 * (see referenceAnalysis.ts), so that find-references, the References CodeLens and rename answer
 * from memory across every document, open or not.
 *
 * An entry is a *source*: GraphQL text that lies in a host file at a base offset. A `.graphql` or
 * `.gql` file is one source covering the whole file (base 0); a GraphQL template inside a
 * TypeScript or JavaScript file is a source that is a slice of its host file (the host's URI, the
 * offset and position where the template's text starts), so code-file templates join by feeding
 * the same index with (host uri, text, base) entries through `update`. Every range the index
 * returns is in host coordinates.
 *
 * Texts are recorded cheaply on update; they are parsed and analysed lazily, by `warm` (in time
 * slices that yield to the event loop, with progress) or on demand for a single document.
 */
import type { GraphQLSchema } from 'graphql';
import type { DocumentModel } from './documentModel';
import { DocumentStore } from './documentStore';
import { schemaOccurrences, symbolKey, syntaxOccurrences, type Occurrence, type Occurrences, type ReferenceSymbol } from './referenceAnalysis';
import type { ReferenceEntry as Entry, ReferenceLocation, ReferenceSource, SchemaOf, SymbolAt, WarmOptions } from './referenceTypes';
import { warmRemotely } from './referenceWarm';
import type { Position, Range } from './types';
import { toHostPosition, toTemplatePosition } from '../embedded/templateSources';

export type { Occurrence, ReferenceSymbol } from './referenceAnalysis';
export type { ReferenceLocation, ReferenceSource, RemoteAnalyser, SchemaOf, SymbolAt, WarmOptions } from './referenceTypes';

const DEFAULT_SLICE_MS = 10;

/** Every GraphQL source of the workspace and what each names (see the module comment). */
export class ReferenceIndex {
  private readonly entries = new Map<string, Entry>();
  private readonly byHost = new Map<string, Set<string>>();
  /** Sources that `syncFiles` / `syncSources` manage; other feeders manage their own. */
  private readonly files = new Set<string>();
  private readonly store = new DocumentStore();
  private versionCounter = 0;

  /** Records a source's text; returns false when it is unchanged. */
  update(source: ReferenceSource): boolean {
    const old = this.entries.get(source.id);
    if (old && old.source.text === source.text && old.source.hostUri === source.hostUri && old.source.baseOffset === source.baseOffset) {
      return false;
    }
    if (old && old.source.hostUri !== source.hostUri) {
      this.unhost(old.source);
    }
    this.entries.set(source.id, { source, version: ++this.versionCounter });
    let ids = this.byHost.get(source.hostUri);
    if (!ids) {
      ids = new Set();
      this.byHost.set(source.hostUri, ids);
    }
    ids.add(source.id);
    return true;
  }

  /** Forgets a source. */
  remove(id: string): boolean {
    const old = this.entries.get(id);
    if (!old) {
      return false;
    }
    this.entries.delete(id);
    this.files.delete(id);
    this.store.delete(id);
    this.unhost(old.source);
    return true;
  }

  /**
   * Makes the whole-file sources exactly `files` (uri and current text): new and changed files
   * are recorded, files no longer listed are forgotten. Sources fed through `update` by others
   * are left alone.
   */
  syncFiles(files: Iterable<{ readonly uri: string; readonly text: string }>): void {
    this.syncSources([...files].map(({ uri, text }) => ({ id: uri, hostUri: uri, text, baseOffset: 0, basePosition: { line: 0, character: 0 } })));
  }

  /**
   * Makes the synced sources exactly `sources` (whole files and template slices of code files):
   * new and changed ones are recorded, those no longer listed are forgotten. Sources fed through
   * `update` by others are left alone.
   */
  syncSources(sources: Iterable<ReferenceSource>): void {
    const seen = new Set<string>();
    for (const source of sources) {
      seen.add(source.id);
      this.files.add(source.id);
      this.update({ id: source.id, hostUri: source.hostUri, text: source.text, baseOffset: source.baseOffset, basePosition: source.basePosition });
    }
    for (const id of [...this.files]) {
      if (!seen.has(id)) {
        this.remove(id);
      }
    }
  }

  /** Number of sources. */
  get size(): number {
    return this.entries.size;
  }

  /** Sources not analysed yet (for their schema, when they have one). */
  pending(schemaOf: SchemaOf): number {
    let count = 0;
    for (const entry of this.entries.values()) {
      if (!this.isAnalysed(entry, schemaOf)) {
        count++;
      }
    }
    return count;
  }

  /**
   * Analyses every source that needs it, in slices of at most `sliceMs` between yields to the
   * event loop, so the thread is never held long. Resolves when all are done or on cancellation.
   */
  async warm(options: WarmOptions): Promise<void> {
    const todo = [...this.entries.values()].filter((e) => !this.isAnalysed(e, options.schemaOf));
    if (options.remote) {
      await warmRemotely(
        todo,
        options,
        options.remote,
        (entry) => this.entries.get(entry.source.id) === entry,
        (onProgress) => this.warm({ ...options, remote: undefined, onProgress }),
      );
      return;
    }
    const sliceMs = options.sliceMs ?? DEFAULT_SLICE_MS;
    let done = 0;
    while (done < todo.length) {
      if (options.isCancelled?.()) {
        return;
      }
      const start = performance.now();
      do {
        const entry = todo[done++];
        if (this.entries.get(entry.source.id) === entry) {
          this.analyse(entry, options.schemaOf);
        }
      } while (done < todo.length && performance.now() - start < sliceMs);
      options.onProgress?.(done, todo.length);
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  /** The symbol named at a host position, or undefined when the position names none. */
  symbolAt(hostUri: string, position: Position, schemaOf: SchemaOf): SymbolAt | undefined {
    for (const id of this.byHost.get(hostUri) ?? []) {
      const entry = this.entries.get(id)!;
      const local = toTemplatePosition(entry.source.basePosition, position);
      if (!local) {
        continue;
      }
      const schema = schemaOf(hostUri);
      const lists = [this.syntaxOf(entry).all, ...(schema ? [this.schemaOccurrencesOf(entry, schema).all] : [])];
      for (const list of lists) {
        const hit = list.find((o) => contains(o.range, local));
        if (hit) {
          return { symbol: hit.symbol, location: this.locate(entry, hit) };
        }
      }
    }
    return undefined;
  }

  /**
   * Every place a symbol is named: fragments and operations across all sources; a variable in
   * its operation or fragment; a schema coordinate in the sources whose schema is `schema`
   * (another schema is another API). Sources not analysed yet are analysed now.
   */
  references(symbol: ReferenceSymbol, options: { schemaOf: SchemaOf; schema?: GraphQLSchema; includeDeclaration: boolean }): ReferenceLocation[] {
    const key = symbolKey(symbol);
    const out: ReferenceLocation[] = [];
    for (const entry of this.candidates(symbol)) {
      let found: readonly Occurrence[] | undefined;
      if (symbol.kind === 'schema') {
        const schema = options.schemaOf(entry.source.hostUri);
        if (!schema || schema !== options.schema) {
          continue;
        }
        found = this.schemaOccurrencesOf(entry, schema).byKey.get(key);
      } else {
        found = this.syntaxOf(entry).byKey.get(key);
      }
      for (const occurrence of found ?? []) {
        if (options.includeDeclaration || !occurrence.definition) {
          out.push(this.locate(entry, occurrence));
        }
      }
    }
    return out;
  }

  /** Fragment definitions in one host file (for the References CodeLens). */
  fragmentDefinitions(hostUri: string): SymbolAt[] {
    const out: SymbolAt[] = [];
    for (const id of this.byHost.get(hostUri) ?? []) {
      const entry = this.entries.get(id)!;
      for (const occurrence of this.syntaxOf(entry).all) {
        if (occurrence.definition && occurrence.symbol.kind === 'fragment') {
          out.push({ symbol: occurrence.symbol, location: this.locate(entry, occurrence) });
        }
      }
    }
    return out;
  }

  /** The source a location was found in (for rename: its host, its sidecar). */
  source(id: string): ReferenceSource | undefined {
    return this.entries.get(id)?.source;
  }

  private candidates(symbol: ReferenceSymbol): Iterable<Entry> {
    if (symbol.kind === 'variable') {
      const id = symbol.scope.slice(0, symbol.scope.lastIndexOf('#'));
      const entry = this.entries.get(id);
      return entry ? [entry] : [];
    }
    return this.entries.values();
  }

  private isAnalysed(entry: Entry, schemaOf: SchemaOf): boolean {
    if (!entry.syntax) {
      return false;
    }
    const schema = schemaOf(entry.source.hostUri);
    return !schema || entry.schemas?.has(schema) === true;
  }

  private analyse(entry: Entry, schemaOf: SchemaOf): void {
    this.syntaxOf(entry);
    const schema = schemaOf(entry.source.hostUri);
    if (schema) {
      this.schemaOccurrencesOf(entry, schema);
    }
  }

  private modelOf(entry: Entry): DocumentModel {
    entry.model ??= this.store.get({ uri: entry.source.id, version: entry.version, text: entry.source.text });
    return entry.model;
  }

  private syntaxOf(entry: Entry): Occurrences {
    entry.syntax ??= syntaxOccurrences(this.modelOf(entry), entry.source.id);
    return entry.syntax;
  }

  private schemaOccurrencesOf(entry: Entry, schema: GraphQLSchema): Occurrences {
    entry.schemas ??= new WeakMap();
    let found = entry.schemas.get(schema);
    if (!found) {
      found = schemaOccurrences(this.modelOf(entry), schema);
      entry.schemas.set(schema, found);
    }
    return found;
  }

  private locate(entry: Entry, occurrence: Occurrence): ReferenceLocation {
    const base = entry.source.basePosition;
    return {
      uri: entry.source.hostUri,
      range: { start: toHostPosition(base, occurrence.range.start), end: toHostPosition(base, occurrence.range.end) },
      definition: occurrence.definition,
      sourceId: entry.source.id,
    };
  }

  private unhost(source: ReferenceSource): void {
    const ids = this.byHost.get(source.hostUri);
    ids?.delete(source.id);
    if (ids?.size === 0) {
      this.byHost.delete(source.hostUri);
    }
  }
}

/** Whether a position lies in a range (its end included: the cursor just after a name). */
function contains(range: Range, p: Position): boolean {
  const afterStart = p.line > range.start.line || (p.line === range.start.line && p.character >= range.start.character);
  const beforeEnd = p.line < range.end.line || (p.line === range.end.line && p.character <= range.end.character);
  return afterStart && beforeEnd;
}
