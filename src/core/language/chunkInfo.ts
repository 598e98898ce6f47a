/**
 * One parsed chunk (a top-level definition, padded to its start column) and what the language
 * service reads from it: its AST or syntax error, its fragments, its variable scopes, and whether
 * the online parser ends it where the brackets do.
 */
import { GraphQLError, Kind, parse, Source, type DocumentNode, type FragmentDefinitionNode, visit } from 'graphql';
import { getDefinitionState, getFragmentDefinitions } from 'graphql-language-service';
import { closesAt, forEachParserState } from './onlineParserRuns';

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
  private parsed: { ast: DocumentNode | null; syntaxError: GraphQLError | null; hasTypeSystem: boolean } | undefined;
  private fragmentsMemo: FragmentDefinitionNode[] | undefined;
  private scopesMemo: ChunkScopes | undefined;
  private closesMemo: boolean | undefined;

  /** Parsing waits for the first question about the AST (a new document is split at once, parsed as needed). */
  constructor(readonly text: string) {
    this.source = new Source(text);
  }

  /** Whether the chunk has been parsed (see DocumentModel.prepareWithin). */
  get isParsed(): boolean {
    return this.parsed !== undefined;
  }

  /** The chunk's AST, or null when it has a syntax error. */
  get ast(): DocumentNode | null {
    return this.parse().ast;
  }

  get syntaxError(): GraphQLError | null {
    return this.parse().syntaxError;
  }

  /** Whether it has a type system definition or extension. */
  get hasTypeSystem(): boolean {
    return this.parse().hasTypeSystem;
  }

  /** Whether the online parser's verdict (`closes`) is known. */
  get isConfirmed(): boolean {
    return this.closesMemo !== undefined;
  }

  private parse(): { ast: DocumentNode | null; syntaxError: GraphQLError | null; hasTypeSystem: boolean } {
    if (!this.parsed) {
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
      this.parsed = { ast, syntaxError, hasTypeSystem: ast?.definitions.some((d) => TYPE_SYSTEM_KINDS.has(d.kind)) ?? false };
    }
    return this.parsed;
  }

  /**
   * Whether graphql-language-service's online parser, started at document level, is back at
   * document level at the end of this text, with its last token ending there: then the text after
   * it can be handed to the library on its own.
   */
  get closes(): boolean {
    // A chunk graphql parses is one or more whole definitions (the split ends it after a `}`),
    // and the online parser follows the grammar through them back to document level: checked on
    // random edits of real documents (onlineParserRuns.test.ts). Parsing costs a fifth of a run
    // of the online parser, and the document's mode needs the parse anyway.
    this.closesMemo ??= this.ast !== null || closesAt(this.text, 0, 0, [this.text.length])[0] === true;
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
