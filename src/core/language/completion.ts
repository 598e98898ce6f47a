/**
 * Completion on a document model: hands graphql-language-service the definition under the cursor,
 * with the definitions that share its variables when variables are suggested, and the document's
 * fragments in whole-text order after `...` (see languageService.ts).
 */
import type { FragmentDefinitionNode, GraphQLSchema } from 'graphql';
import {
  getAutocompleteSuggestions,
  getTokenAtPosition,
  GraphQLDocumentMode,
  Position as LibPosition,
  type ContextToken,
  type ContextTokenForCodeMirror,
} from 'graphql-language-service';
import { completionContext, toCompletionItem } from './completionItems';
import { directCompletion } from './directCalls';
import type { DocumentModel } from './documentModel';
import type { CompletionItem, Position } from './types';

const VARIABLE_CONTEXTS = new Set(['Variable', 'Argument', 'FragmentArgument', 'ObjectField', 'ListValue', 'EnumValue']);
/** Completion contexts whose suggestions graphql-language-service reads from the text (variables, interfaces). */
const TEXT_CONTEXTS = new Set([...VARIABLE_CONTEXTS, 'Implements', 'NamedType']);

/**
 * The text handed to the library where it reads nothing of it but the fragments it defines: a
 * text that parses and defines no fragment, variable or interface. (An empty text defines none
 * either, but the library parses it first and builds a syntax error, stack and all, before it
 * falls back to its online parser: a third of a millisecond on every keystroke.)
 */
const NO_DEFINITIONS = '{__typename}';

/** What completion reads besides the document: the schema and the fragments of other workspace files. */
export interface CompletionSources {
  readonly schema: GraphQLSchema;
  /** Fragments of the workspace files other than `uri`. */
  externalFragments(uri: string): FragmentDefinitionNode[];
  /** The same, memoized for completion (see GraphqlLanguageService). */
  completionFragments(uri: string): FragmentDefinitionNode[];
}

/** Suggestions at a position of `model` (the model of the document at `uri`). */
export function completeAt(sources: CompletionSources, model: DocumentModel, uri: string, position: Position): CompletionItem[] {
  if (model.mode === 'TYPE_SYSTEM') {
    return directCompletion(sources.schema, model.text, position, sources.externalFragments(model.uri), uri);
  }
  const offset = model.offsetAt(position);
  const chunk = model.chunkAt(offset, true);
  let text = chunk.info.text;
  let cursor = new LibPosition(position.line - chunk.startLine, position.character);
  let token: ContextToken = getTokenAtPosition(text, cursor, 1);
  if (VARIABLE_CONTEXTS.has(completionContext(token).kind ?? '')) {
    // Variables come from every definition sharing the scope, and for a fragment from the
    // operations that reach it: give the library those definitions too, in document order.
    const chunkIndex = model.chunkIndexAt(offset, true);
    const related = relatedChunks(model, chunkIndex);
    if (related.length > 1 || model.chunks[chunkIndex].info !== chunk.info) {
      const parts: string[] = [];
      let line = 0;
      for (const i of related) {
        const c = model.chunks[i];
        if (i === chunkIndex) {
          cursor = new LibPosition(line + position.line - c.startLine, position.character);
        }
        parts.push(c.info.text);
        line += c.lineCount;
      }
      text = parts.join('\n');
      token = getTokenAtPosition(text, cursor, 1);
    }
  }
  const context = completionContext(token);
  // Given the token, the library reads the text for the fragments it defines (first of all, on
  // every call), and for variables and interfaces where those are suggested; nothing else.
  if (context.kind === 'FragmentSpread') {
    // It offers the fragments of the text first, then the ones passed in: make the text the
    // document's fragments in the order the whole text has them (the definition under the
    // cursor may hold several).
    text = model.wholeTextFragments.map((f) => `fragment ${f.name.value} on ${f.typeCondition.name.value} { __typename }`).join('\n');
  } else if (!TEXT_CONTEXTS.has(context.kind ?? '')) {
    text = NO_DEFINITIONS;
  }
  // Fragments matter to the library only after `...` (above) and in a spread's arguments;
  // elsewhere it needs none, and none are handed over: it merges the list it is given into the
  // text's one by one against all before (quadratic: milliseconds on every keystroke in a
  // workspace with a few hundred fragments).
  const fragments = usesFragments(token) ? sources.completionFragments(model.uri) : [];
  const items = getAutocompleteSuggestions(sources.schema, text, cursor, token as ContextTokenForCodeMirror, fragments, {
    uri: uri,
    mode: GraphQLDocumentMode[model.mode],
  });
  return items.map((item) => toCompletionItem(item, context));
}

/** Whether the library reads the workspace's fragments for this token: in a fragment spread (its name or arguments). */
function usesFragments(token: ContextToken): boolean {
  for (let state: ContextToken['state'] | null | undefined = token.state; state; state = state.prevState) {
    if (state.kind === 'FragmentSpread') {
      return true;
    }
  }
  return false;
}

/** Chunks whose definitions decide the variables visible in chunk `index`, in document order. */
function relatedChunks(model: DocumentModel, index: number): number[] {
  const own = model.chunks[index].info.scopes.all;
  const reaching = new Set(own);
  const fragmentKey = 'FragmentDefinition:';
  const pending = [...own].filter((k) => k.startsWith(fragmentKey)).map((k) => k.slice(fragmentKey.length));
  const done = new Set<string>();
  while (pending.length > 0) {
    const name = pending.pop() as string;
    if (done.has(name)) {
      continue;
    }
    done.add(name);
    for (const chunk of model.chunks) {
      for (const [key, spreads] of chunk.info.scopes.spreads) {
        if (spreads.has(name) && !reaching.has(key)) {
          reaching.add(key);
          if (key.startsWith(fragmentKey)) {
            pending.push(key.slice(fragmentKey.length));
          }
        }
      }
    }
  }
  const out: number[] = [];
  model.chunks.forEach((chunk, i) => {
    if (i === index || [...chunk.info.scopes.spreads.keys()].some((k) => reaching.has(k))) {
      out.push(i);
    }
  });
  return out;
}
