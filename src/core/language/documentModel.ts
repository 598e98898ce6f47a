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
import { GraphQLError, Kind, parse, Source, type ASTNode, type DocumentNode, type FragmentDefinitionNode, visit } from 'graphql';
import { CharacterStream, getDefinitionState, getFragmentDefinitions, onlineParser, type State } from 'graphql-language-service';
import { positionInLines } from '../text/lineIndex';
import type { Position, Range } from './types';

/** graphql-language-service's document modes, as strings. */
export type DocumentMode = 'EXECUTABLE' | 'TYPE_SYSTEM' | 'UNKNOWN';

/** Where a chunk sits in its document. */
export interface ChunkSpan {
  /** Offsets in the document text, `end` exclusive. */
  readonly start: number;
  readonly end: number;
  readonly startLine: number;
  readonly startCol: number;
  /** Number of lines the chunk covers (its padded text has as many). */
  readonly lineCount: number;
}

/** Splits `text` into chunk spans and computes the offset at which each line starts. */
export function splitDefinitions(text: string): { spans: ChunkSpan[]; lineStarts: number[] } {
  const lineStarts = [0];
  const spans: ChunkSpan[] = [];
  const n = text.length;
  // Open brackets, innermost last. A closing bracket closes the nearest open one of its kind and
  // whatever is open inside it (as the online parser pops rules until one takes the token), and
  // is skipped when none is open (a stray `)` in a selection set).
  const open: number[] = [];
  let line = 0;
  let chunkStart = 0;
  let chunkStartLine = 0;
  let chunkStartCol = 0;
  let hasToken = false;
  let i = 0;
  const newlinesUpTo = (end: number): void => {
    let at = text.indexOf('\n', i);
    while (at >= 0 && at < end) {
      line++;
      lineStarts.push(at + 1);
      at = text.indexOf('\n', at + 1);
    }
  };
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      line++;
      lineStarts.push(i + 1);
      i++;
    } else if (c === 35) {
      i = commentEnd(text, i);
    } else if (c === 34) {
      hasToken = true;
      if (text.startsWith('"""', i)) {
        let close = text.indexOf('"""', i + 3);
        while (close > 0 && text.charCodeAt(close - 1) === 92) {
          close = text.indexOf('"""', close + 3);
        }
        const end = close < 0 ? n : close + 3;
        newlinesUpTo(end);
        i = end;
      } else {
        let j = i + 1;
        while (j < n) {
          const d = text.charCodeAt(j);
          if (d === 92) {
            j += 2;
          } else if (d === 34) {
            j++;
            break;
          } else if (d === 10) {
            break;
          } else {
            j++;
          }
        }
        i = Math.min(j, n);
      }
    } else {
      if (c === 123 || c === 40 || c === 91) {
        open.push(c);
        hasToken = true;
      } else if (c === 125 || c === 41 || c === 93) {
        hasToken = true;
        const opener = c === 125 ? 123 : c === 41 ? 40 : 91;
        const at = open.lastIndexOf(opener);
        if (at >= 0) {
          open.length = at;
          if (at === 0 && c === 125) {
            // The rest of the line (blanks, a comment) stays with this definition, so the next
            // one starts at column 0 and edits here do not shift (and re-parse) it.
            let end = i + 1;
            while (end < n && (text.charCodeAt(end) === 32 || text.charCodeAt(end) === 9 || text.charCodeAt(end) === 13 || text.charCodeAt(end) === 44)) {
              end++;
            }
            if (end < n && text.charCodeAt(end) === 35) {
              end = commentEnd(text, end);
            }
            if (end + 1 < n && text.charCodeAt(end) === 13 && text.charCodeAt(end + 1) === 10) {
              end++;
            }
            if (end < n && text.charCodeAt(end) === 10) {
              line++;
              lineStarts.push(end + 1);
              end++;
              // Empty lines too: the online parser carries a trailing comment's state over them.
              while (end < n && text.charCodeAt(end) === 10) {
                line++;
                lineStarts.push(end + 1);
                end++;
              }
            } else if (end < n) {
              end = i + 1;
            }
            spans.push({
              start: chunkStart,
              end,
              startLine: chunkStartLine,
              startCol: chunkStartCol,
              lineCount: line - chunkStartLine + 1,
            });
            chunkStart = end;
            chunkStartLine = line;
            chunkStartCol = end - lineStarts[line];
            hasToken = false;
            i = end;
            continue;
          }
        }
      } else if (c !== 32 && c !== 9 && c !== 13 && c !== 44 && c !== 0xfeff) {
        hasToken = true;
      }
      i++;
    }
  }
  if (hasToken || spans.length === 0) {
    spans.push({ start: chunkStart, end: n, startLine: chunkStartLine, startCol: chunkStartCol, lineCount: line - chunkStartLine + 1 });
  } else {
    // Trailing whitespace and comments belong to the last definition.
    const last = spans[spans.length - 1];
    spans[spans.length - 1] = { ...last, end: n, lineCount: line - last.startLine + 1 };
  }
  return { spans, lineStarts };
}

/** Where a comment starting at `at` ends: at a line feed or carriage return, as graphql's lexer has it. */
function commentEnd(text: string, at: number): number {
  let i = at + 1;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) {
      return i;
    }
    i++;
  }
  return i;
}

const OPERATION_SCOPE = { query: 'Query', mutation: 'Mutation', subscription: 'Subscription' } as const;

const TYPE_SYSTEM_KINDS: ReadonlySet<string> = new Set([
  Kind.SCHEMA_DEFINITION,
  Kind.SCALAR_TYPE_DEFINITION,
  Kind.OBJECT_TYPE_DEFINITION,
  Kind.INTERFACE_TYPE_DEFINITION,
  Kind.UNION_TYPE_DEFINITION,
  Kind.ENUM_TYPE_DEFINITION,
  Kind.INPUT_OBJECT_TYPE_DEFINITION,
  Kind.DIRECTIVE_DEFINITION,
  Kind.SCHEMA_EXTENSION,
  Kind.SCALAR_TYPE_EXTENSION,
  Kind.OBJECT_TYPE_EXTENSION,
  Kind.INTERFACE_TYPE_EXTENSION,
  Kind.UNION_TYPE_EXTENSION,
  Kind.ENUM_TYPE_EXTENSION,
  Kind.INPUT_OBJECT_TYPE_EXTENSION,
]);

/** One parsed chunk; shared by every document version that contains the same padded text. */
export class ChunkInfo {
  /** The source its AST locations point into; identifies the chunk of an AST node. */
  readonly source: Source;
  readonly ast: DocumentNode | null;
  readonly syntaxError: GraphQLError | null;
  readonly hasTypeSystem: boolean;
  private fragmentsMemo: FragmentDefinitionNode[] | undefined;
  private scopesMemo: ChunkScopes | undefined;
  private closesMemo: boolean | undefined;

  constructor(readonly text: string) {
    this.source = new Source(text);
    let ast: DocumentNode | null = null;
    let syntaxError: GraphQLError | null = null;
    try {
      ast = parse(this.source);
    } catch (err) {
      if (!(err instanceof GraphQLError)) {
        throw err;
      }
      syntaxError = err;
    }
    this.ast = ast;
    this.syntaxError = syntaxError;
    this.hasTypeSystem = ast?.definitions.some((d) => TYPE_SYSTEM_KINDS.has(d.kind)) ?? false;
  }

  /**
   * Whether graphql-language-service's online parser, started at document level, is back at
   * document level at the end of this text, with its last token ending there: then the text after
   * it can be handed to the library on its own.
   */
  get closes(): boolean {
    this.closesMemo ??= closesAt(this.text, 0, 0, [this.text.length])[0] === true;
    return this.closesMemo;
  }

  /** Records what a longer run of the online parser found out about `closes` (see DocumentModel). */
  knownToClose(): void {
    this.closesMemo = true;
  }

  /**
   * Fragment definitions, as graphql-language-service's getFragmentDefinitions finds them: from
   * the AST, or, when the chunk does not parse, from its error-tolerant online parser.
   */
  get fragments(): FragmentDefinitionNode[] {
    this.fragmentsMemo ??= this.ast ? this.ast.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION) : getFragmentDefinitions(this.text);
    return this.fragmentsMemo;
  }

  /**
   * Variable scopes as graphql-language-service keys them (`Query:name`, `FragmentDefinition:name`
   * ...): `all` holds every key met in the chunk (the cursor may be in any of them), `spreads`
   * the keys under which variables are defined or fragments spread (what another definition can
   * contribute) with the fragments spread under each.
   */
  get scopes(): ChunkScopes {
    if (!this.scopesMemo && this.ast) {
      // The AST says the same as the online parser would, at a fraction of the cost.
      const all = new Set<string>();
      const spreads = new Map<string, Set<string>>();
      for (const def of this.ast.definitions) {
        let key: string;
        if (def.kind === Kind.FRAGMENT_DEFINITION) {
          key = `FragmentDefinition:${def.name.value}`;
        } else if (def.kind === Kind.OPERATION_DEFINITION) {
          const isShort = def.operation === 'query' && !def.name && !def.variableDefinitions?.length && !def.directives?.length && def.loc?.startToken.kind === '{';
          key = isShort ? 'ShortQuery:' : `${OPERATION_SCOPE[def.operation]}:${def.name?.value ?? ''}`;
        } else {
          continue;
        }
        all.add(key);
        const names = new Set<string>();
        visit(def, {
          FragmentSpread(node) {
            names.add(node.name.value);
          },
        });
        if (names.size > 0 || (def.kind === Kind.OPERATION_DEFINITION && (def.variableDefinitions?.length ?? 0) > 0)) {
          const known = spreads.get(key);
          spreads.set(key, known ? new Set([...known, ...names]) : names);
        }
      }
      this.scopesMemo = { all, spreads };
    }
    if (!this.scopesMemo) {
      const all = new Set<string>();
      const spreads = new Map<string, Set<string>>();
      forEachParserState(this.text, (state) => {
        const definition = getDefinitionState(state);
        if (!definition?.kind) {
          return;
        }
        const key = `${definition.kind}:${definition.name ?? ''}`;
        all.add(key);
        const isSpread = state.kind === 'FragmentSpread' && !!state.name;
        if (isSpread || (state.kind === 'Variable' && state.prevState?.kind === 'VariableDefinition')) {
          let names = spreads.get(key);
          if (!names) {
            names = new Set();
            spreads.set(key, names);
          }
          if (isSpread) {
            names.add(state.name as string);
          }
        }
      });
      this.scopesMemo = { all, spreads };
    }
    return this.scopesMemo;
  }
}

/** Variable scopes of a chunk (see ChunkInfo.scopes). */
export interface ChunkScopes {
  readonly all: ReadonlySet<string>;
  readonly spreads: ReadonlyMap<string, ReadonlySet<string>>;
}

/** A chunk of one document version. */
export interface Chunk extends ChunkSpan {
  readonly info: ChunkInfo;
}

/** One version of a document, split and parsed per definition. */
export class DocumentModel {
  readonly lineStarts: readonly number[];
  /** Whole-document mode as graphql-language-service's getDocumentMode would compute it. */
  readonly mode: DocumentMode;
  /** True when every chunk parses, i.e. when the whole document parses. */
  readonly parses: boolean;
  /** Proposed chunks (splitDefinitions) and their parsed texts. */
  private readonly spans: readonly ChunkSpan[];
  private readonly spanInfos: readonly ChunkInfo[];
  /** Chunks confirmed so far (all of them once `chunks` was read), and the next span to look at. */
  private readonly confirmed: Chunk[] = [];
  private nextSpan = 0;
  private readonly chunkBySource = new Map<Source, Chunk>();
  private fragmentsMemo: FragmentDefinitionNode[] | undefined;

  constructor(
    readonly uri: string,
    readonly version: number,
    readonly text: string,
    private readonly infoFor: (padded: string) => ChunkInfo,
  ) {
    const { spans, lineStarts } = splitDefinitions(text);
    this.lineStarts = lineStarts;
    this.spans = spans;
    this.spanInfos = spans.map((span) => infoFor(this.padded(span)));
    // The whole text parses exactly when every proposed chunk does (the proposals are its
    // definitions then), whether or not the online parser confirms them.
    this.parses = this.spanInfos.every((info) => info.ast !== null);
    if (uri.endsWith('.graphqls')) {
      this.mode = 'TYPE_SYSTEM';
    } else if (!this.parses) {
      this.mode = 'UNKNOWN';
    } else {
      this.mode = this.spanInfos.some((info) => info.hasTypeSystem) ? 'TYPE_SYSTEM' : 'EXECUTABLE';
    }
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
      chunk = { ...span, info: this.infoFor(this.padded(span)) };
      if (found >= 0) {
        chunk.info.knownToClose();
      }
    }
    this.confirmed.push(chunk);
    this.chunkBySource.set(chunk.info.source, chunk);
    this.nextSpan = last + 1;
  }

  private padded(span: ChunkSpan): string {
    return ' '.repeat(span.startCol) + this.text.slice(span.start, span.end);
  }

  /** Whether a chunk ending at `end` owns `offset` (see chunkIndexAt). */
  private owns(end: number, offset: number, atEnd: boolean): boolean {
    // A chunk that ends with its line break does not own the start of the next line.
    return end > offset || (atEnd && end === offset && this.text.charCodeAt(end - 1) !== 10);
  }

  /** Fragment definitions of the whole document, in document order. */
  get fragments(): FragmentDefinitionNode[] {
    this.fragmentsMemo ??= this.chunks.flatMap((c) => c.info.fragments);
    return this.fragmentsMemo;
  }

  /**
   * Fragment definitions as graphql-language-service's getFragmentDefinitions finds them in the
   * whole text: all of them, from the AST, when the document parses; otherwise one per name, where
   * the name first occurs, with the type condition it has last (its online parser's Map).
   */
  get wholeTextFragments(): FragmentDefinitionNode[] {
    if (this.parses) {
      return this.fragments;
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

/**
 * Keeps the current model of each open document and a text-keyed cache of its parsed chunks, so a
 * new version re-parses only the definitions whose text changed. Models are cached per
 * (uri, version); only the latest version of each document is kept.
 */
export class DocumentStore {
  private readonly entries = new Map<string, { model: DocumentModel; infos: Map<string, ChunkInfo[]>; older?: Map<string, ChunkInfo[]> }>();

  /** The model of `doc` at its version, built (reusing unchanged chunks) when needed. */
  get(doc: { readonly uri: string; readonly version: number; readonly text: string }): DocumentModel {
    const entry = this.entries.get(doc.uri);
    if (entry && entry.model.version === doc.version && entry.model.text === doc.text) {
      return entry.model;
    }
    // The last two versions' chunks: an edit that goes back (undo, a jump back to where one
    // typed before) finds its text parsed.
    const previous = entry?.infos;
    const older = entry?.older;
    const infos = new Map<string, ChunkInfo[]>();
    const model = new DocumentModel(doc.uri, doc.version, doc.text, (padded) => {
      // The same text more than once in a document gets a ChunkInfo (and Source) per occurrence:
      // the n-th occurrence reuses the previous version's n-th.
      let same = infos.get(padded);
      if (!same) {
        same = [];
        infos.set(padded, same);
      }
      const info = previous?.get(padded)?.[same.length] ?? older?.get(padded)?.[same.length] ?? new ChunkInfo(padded);
      same.push(info);
      return info;
    });
    this.entries.set(doc.uri, { model, infos, older: previous });
    return model;
  }

  /** Forgets a document (closed). */
  delete(uri: string): void {
    this.entries.delete(uri);
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

/** Runs graphql-language-service's online parser over `text` as its runOnlineParser does. */
function forEachParserState(text: string, callback: (state: State) => void): void {
  const parser = onlineParser();
  let state = parser.startState();
  for (const line of text.split('\n')) {
    const stream = new CharacterStream(line);
    while (!stream.eol()) {
      parser.token(stream, state);
      callback(state);
    }
    if (!state.kind) {
      state = parser.startState();
    }
  }
}

/**
 * Runs graphql-language-service's online parser (line by line, as its runOnlineParser does) over
 * `text` from offset `start`, which it takes to be at document level and at column `startCol`
 * of its line, and tells for each offset in `ends` (ascending) whether it is back at document
 * level there, at a line break or right after a `}` token. Stops at the first such offset; later
 * ones stay undefined.
 */
function closesAt(text: string, start: number, startCol: number, ends: readonly number[]): Array<boolean | undefined> {
  const out: Array<boolean | undefined> = ends.map(() => undefined);
  const parser = onlineParser();
  let state = parser.startState();
  let next = 0;
  const check = (offset: number, lastToken: string, lineBreak: boolean): boolean => {
    while (next < ends.length && ends[next] < offset) {
      out[next++] = false;
    }
    if (next < ends.length && ends[next] === offset) {
      // A cut inside a line must follow a `}` token: a longer token (a run of unknown
      // characters, a string) goes on past it in the whole text.
      const ok = atDocumentLevel(state) && (lineBreak || lastToken === '}');
      out[next++] = ok;
      return ok;
    }
    return false;
  };
  let lineStart = start;
  let pad = startCol;
  while (lineStart <= text.length && next < ends.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0) {
      lineEnd = text.length;
    }
    // Columns as in the document: the first line is padded to its start column.
    const stream = new CharacterStream(' '.repeat(pad) + text.slice(lineStart, lineEnd));
    const base = lineStart - pad;
    pad = 0;
    while (!stream.eol()) {
      parser.token(stream, state);
      if (!stream.eol() && check(base + stream.getCurrentPosition(), stream.current(), false)) {
        return out;
      }
    }
    if (!state.kind) {
      state = parser.startState();
    }
    // Offsets just past the line feed; at the end of the text, a cut inside a line unless the
    // text ends with a line feed.
    const atTextEnd = lineEnd === text.length;
    if (check(atTextEnd ? lineEnd : lineEnd + 1, stream.current(), !atTextEnd || stream.getCurrentPosition() === 0)) {
      return out;
    }
    lineStart = lineEnd + 1;
  }
  return out;
}

/**
 * Whether the online parser's state is as at the start of a document, apart from an empty rule
 * (an unknown token, a comment) that its next token pops.
 */
function atDocumentLevel(top: State): boolean {
  if (top.needsAdvance || top.inBlockstring) {
    return false;
  }
  const state = (top.kind === 'Invalid' || top.kind === 'Comment') && top.prevState ? top.prevState : top;
  return state.kind === 'Document' && state.step === 0 && !state.needsSeparator && !state.name && !state.type && !state.prevState?.kind;
}
