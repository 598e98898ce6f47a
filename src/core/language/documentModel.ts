/**
 * A document split into its top-level definitions ("chunks"), each parsed on its own and cached
 * by text, so that an edit re-parses only the definition it touched, and completion and hover can
 * hand graphql-language-service the definition under the cursor instead of the whole file.
 *
 * A chunk ends where graphql-language-service's online parser, run over the whole text, is back
 * at document level: only there does a definition handed to the library on its own give the same
 * parser states as the whole text. A scan of brackets (outside strings and comments) proposes the
 * ends, a `}` that closes the outermost bracket; the online parser, run once per chunk text,
 * confirms them. On invalid text the two can disagree (a stray `)` inside a selection set, a
 * `}` swallowed by an unknown character): then the chunk runs on to the next proposed end at
 * which the online parser is back at document level. A chunk's text is padded with spaces to its
 * start column, so line-relative columns are the document's own.
 */
import type { ASTNode, DocumentNode, FragmentDefinitionNode, Source } from 'graphql';
import { positionInLines } from '../text/lineIndex';
import { ChunkInfo } from './chunkInfo';
import { resplitDefinitions, splitDefinitions, type ChunkSpan } from './definitionSplitter';
import { closesAt } from './onlineParserRuns';
import type { Position, Range } from './types';

export { ChunkInfo } from './chunkInfo';
export type { ChunkSpan } from './definitionSplitter';

/** graphql-language-service's document modes, as strings. */
export type DocumentMode = 'EXECUTABLE' | 'TYPE_SYSTEM' | 'UNKNOWN';

/** A chunk of one document version. */
export interface Chunk extends ChunkSpan {
  readonly info: ChunkInfo;
}

/** A text's top-level definitions already split and parsed (see DocumentModel.definitionParses). */
export interface DefinitionParses {
  readonly spans: readonly { readonly start: number; readonly end: number }[];
  /** The parse of span `i` (null on a syntax error); `base` plus an offset of its AST is an offset of the text. */
  parsed(i: number): { readonly ast: DocumentNode | null; readonly base: number };
}

/** One version of a document, split and parsed per definition. */
export class DocumentModel {
  readonly lineStarts: readonly number[];
  private modeMemo: DocumentMode | undefined;
  private parsesMemo: boolean | undefined;
  /** Proposed chunks (splitDefinitions) and their parsed texts. */
  private readonly spans: readonly ChunkSpan[];
  private readonly spanInfos: readonly ChunkInfo[];
  /** Chunks confirmed so far (all of them once `chunks` was read), the span after each, and the next span to look at. */
  private readonly confirmed: Chunk[] = [];
  private readonly confirmedEnds: number[] = [];
  private nextSpan = 0;
  /** The confirmed chunks by their parse's Source: the first `indexedSources` of them (filled by chunkOf). */
  private readonly chunkBySource = new Map<Source, Chunk>();
  private indexedSources = 0;
  private fragmentsMemo: FragmentDefinitionNode[] | undefined;
  private wholeTextFragmentsMemo: FragmentDefinitionNode[] | undefined;

  /** ChunkInfos this version took over from the previous one (see DocumentStore.get). */
  private readonly taken = new Set<ChunkInfo>();

  /**
   * @param infoFor the parse of a chunk's padded text, not one of `taken` (reused by other chunks).
   * @param previous the previous version: only the text around the edit is re-split, the chunks
   *   before and after it keep their parses.
   */
  constructor(
    readonly uri: string,
    readonly version: number,
    readonly text: string,
    private readonly infoFor: (padded: string, taken: ReadonlySet<ChunkInfo>) => ChunkInfo,
    previous?: DocumentModel,
  ) {
    let spans: ChunkSpan[];
    let infos: (ChunkInfo | undefined)[];
    if (previous) {
      const split = resplitDefinitions(text, { text: previous.text, spans: previous.spans, lineStarts: previous.lineStarts });
      spans = split.spans;
      this.lineStarts = split.lineStarts;
      infos = split.reused.map((j) => (j === undefined ? undefined : previous.spanInfos[j]));
    } else {
      const split = splitDefinitions(text);
      spans = split.spans;
      this.lineStarts = split.lineStarts;
      infos = [];
    }
    for (const info of infos) {
      if (info) {
        this.taken.add(info);
      }
    }
    if (previous) {
      this.carryConfirmed(previous, spans);
    }
    this.spans = spans;
    this.spanInfos = spans.map((span, i) => infos[i] ?? this.newInfo(this.padded(span)));
  }

  /** True when every chunk parses, i.e. when the whole document parses. */
  get parses(): boolean {
    // The whole text parses exactly when every proposed chunk does (the proposals are its
    // definitions then), whether or not the online parser confirms them.
    this.parsesMemo ??= this.spanInfos.every((info) => info.ast !== null);
    return this.parsesMemo;
  }

  /** Whole-document mode as graphql-language-service's getDocumentMode would compute it. */
  get mode(): DocumentMode {
    if (this.modeMemo === undefined) {
      if (this.uri.endsWith('.graphqls')) {
        this.modeMemo = 'TYPE_SYSTEM';
      } else if (!this.parses) {
        this.modeMemo = 'UNKNOWN';
      } else {
        this.modeMemo = this.spanInfos.some((info) => info.hasTypeSystem) ? 'TYPE_SYSTEM' : 'EXECUTABLE';
      }
    }
    return this.modeMemo;
  }

  /**
   * Parses and confirms chunks (what diagnostics, completion and the outline need of the whole
   * document) until `deadline` (a performance.now() time): true when all are, so a newly opened
   * large document is prepared in slices that each leave the thread soon.
   */
  prepareWithin(deadline: number, now: () => number): boolean {
    for (const info of this.spanInfos) {
      if (!info.isParsed) {
        void info.ast;
        if (now() > deadline) {
          return false;
        }
      }
    }
    while (this.nextSpan < this.spans.length) {
      const info = this.spanInfos[this.nextSpan];
      const wasConfirmed = info.isConfirmed;
      this.confirmNext();
      if (!wasConfirmed && now() > deadline) {
        return this.nextSpan >= this.spans.length;
      }
    }
    return true;
  }

  /** The chunks of the document, in order. */
  get chunks(): readonly Chunk[] {
    while (this.nextSpan < this.spans.length) {
      this.confirmNext();
    }
    return this.confirmed;
  }

  /**
   * The chunk that owns `offset` (as chunkIndexAt), confirmed only as far as that: whether the
   * online parser ends it where the brackets do is left open, since the text after a position
   * does not change the parser's state there. Enough for the token at a position; not for what
   * reads the whole definition (variables, fragments, diagnostics), which uses `chunks`.
   */
  chunkAt(offset: number, atEnd: boolean): Chunk {
    for (;;) {
      const last = this.confirmed[this.confirmed.length - 1];
      if (this.nextSpan >= this.spans.length || (last && this.owns(last.end, offset, atEnd))) {
        return this.confirmed[indexAt(this.confirmed, offset, (end) => this.owns(end, offset, atEnd))];
      }
      const span = this.spans[this.nextSpan];
      if (this.owns(span.end, offset, atEnd)) {
        return { ...span, info: this.spanInfos[this.nextSpan] };
      }
      this.confirmNext();
    }
  }

  /**
   * Takes over the previous version's confirmed chunks that lie wholly in the spans the re-split
   * kept as they were (the same objects: the text before the edit), so that a keystroke does not
   * confirm every chunk before the cursor again. The online parser's verdict on them read only
   * that text: it is the same.
   */
  private carryConfirmed(previous: DocumentModel, spans: readonly ChunkSpan[]): void {
    let same = 0;
    while (same < spans.length && same < previous.spans.length && spans[same] === previous.spans[same]) {
      same++;
    }
    for (let c = 0; c < previous.confirmed.length && previous.confirmedEnds[c] <= same; c++) {
      const chunk = previous.confirmed[c];
      this.confirmed.push(chunk);
      this.confirmedEnds.push(previous.confirmedEnds[c]);
      this.taken.add(chunk.info);
      this.nextSpan = previous.confirmedEnds[c];
    }
  }

  /** Confirms the chunk that starts at the next proposed span (see the module comment). */
  private confirmNext(): void {
    const spans = this.spans;
    const i = this.nextSpan;
    const first = spans[i];
    let chunk: Chunk = { ...first, info: this.spanInfos[i] };
    let last = i;
    if (i + 1 < spans.length && !chunk.info.closes) {
      // The brackets end a definition where the online parser does not: run on to the next
      // proposed end where it does (or to the end of the text).
      const found = closesAt(
        this.text,
        first.start,
        first.startCol,
        spans.slice(i + 1).map((s) => s.end),
      ).indexOf(true);
      last = found < 0 ? spans.length - 1 : i + 1 + found;
      const span: ChunkSpan = {
        start: first.start,
        end: spans[last].end,
        startLine: first.startLine,
        startCol: first.startCol,
        lineCount: spans[last].startLine + spans[last].lineCount - first.startLine,
      };
      chunk = { ...span, info: this.newInfo(this.padded(span)) };
      if (found >= 0) {
        chunk.info.knownToClose();
      }
    }
    this.confirmed.push(chunk);
    this.confirmedEnds.push(last + 1);
    this.nextSpan = last + 1;
  }

  private newInfo(padded: string): ChunkInfo {
    const info = this.infoFor(padded, this.taken);
    this.taken.add(info);
    return info;
  }

  private padded(span: ChunkSpan): string {
    return ' '.repeat(span.startCol) + this.text.slice(span.start, span.end);
  }

  /** Whether a chunk ending at `end` owns `offset` (see chunkIndexAt). */
  private owns(end: number, offset: number, atEnd: boolean): boolean {
    // A chunk that ends with its line break does not own the start of the next line.
    return end > offset || (atEnd && end === offset && this.text.charCodeAt(end - 1) !== 10);
  }

  /**
   * The proposed chunks (each top-level definition, when the text parses) with their parses, as
   * spans of the text: what the code actions read of a definition, without splitting or parsing
   * the text again. `base` plus an offset of the parse is an offset of the text.
   */
  definitionParses(): DefinitionParses {
    return {
      spans: this.spans,
      parsed: (i) => ({ ast: this.spanInfos[i].ast, base: this.spans[i].start - this.spans[i].startCol }),
    };
  }

  /** The parses this version uses so far (its proposed chunks and the chunks confirmed). */
  infos(): ChunkInfo[] {
    return [...this.spanInfos, ...this.confirmed.map((c) => c.info)];
  }

  /** Fragment definitions of the whole document, in document order. */
  get fragments(): FragmentDefinitionNode[] {
    return (this.fragmentsMemo ??= this.chunks.flatMap((c) => c.info.fragments));
  }

  /**
   * Fragment definitions as graphql-language-service's getFragmentDefinitions finds them in the
   * whole text: all when it parses (from the proposed chunks, none confirmed: there each parses, so
   * closes, chunkInfo.ts); otherwise one per name, where first met, with its last type.
   */
  get wholeTextFragments(): FragmentDefinitionNode[] {
    if (this.parses) {
      return (this.wholeTextFragmentsMemo ??= this.spanInfos.flatMap((info) => info.fragments));
    }
    const byName = new Map<string, FragmentDefinitionNode>();
    for (const fragment of this.fragments) {
      byName.set(fragment.name.value, fragment);
    }
    return [...byName.values()];
  }

  /** Offset of a position (characters past the end of a line clamp to its end). */
  offsetAt(position: Position): number {
    const line = Math.min(Math.max(position.line, 0), this.lineStarts.length - 1);
    const lineStart = this.lineStarts[line];
    const lineEnd = line + 1 < this.lineStarts.length ? this.lineStarts[line + 1] - 1 : this.text.length;
    return lineStart + Math.min(Math.max(position.character, 0), lineEnd - lineStart);
  }

  /** Position of an offset. */
  positionAt(offset: number): Position {
    return positionInLines(this.lineStarts, offset);
  }

  /**
   * Index of the chunk that owns `offset`. At the seam after a closing `}`, completion belongs to
   * the definition that brace closes (`atEnd: true`), hover to the text after it.
   */
  chunkIndexAt(offset: number, atEnd: boolean): number {
    return indexAt(this.chunks, offset, (end) => this.owns(end, offset, atEnd));
  }

  /** The chunk an AST node of this document belongs to. */
  chunkOf(node: ASTNode): Chunk | undefined {
    if (!node.loc) {
      return undefined;
    }
    if (this.nextSpan < this.spans.length) {
      void this.chunks; // confirms them all
    }
    while (this.indexedSources < this.confirmed.length) {
      const chunk = this.confirmed[this.indexedSources++];
      this.chunkBySource.set(chunk.info.source, chunk);
    }
    return this.chunkBySource.get(node.loc.source);
  }

  /** Document offset of an offset inside a chunk's padded text. */
  documentOffset(chunk: Chunk, chunkOffset: number): number {
    return chunk.start + chunkOffset - chunk.startCol;
  }

  /** Document range of an AST node of this document, or undefined if it is not one. */
  rangeOf(node: ASTNode): Range | undefined {
    const chunk = this.chunkOf(node);
    if (!chunk || !node.loc) {
      return undefined;
    }
    return {
      start: this.positionAt(this.documentOffset(chunk, node.loc.start)),
      end: this.positionAt(this.documentOffset(chunk, node.loc.end)),
    };
  }
}

/** Index of the first chunk that owns the offset (binary search; the last one if none does). */
function indexAt(chunks: readonly Chunk[], offset: number, owns: (end: number) => boolean): number {
  let lo = 0;
  let hi = chunks.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (owns(chunks[mid].end)) {
      hi = mid;
    } else {
      lo = mid + 1;
    }
  }
  return lo;
}
