/**
 * Rename in GraphQL documents: fragments (the definition and every spread in every source),
 * operation names and variables (in their operation), and the matching keys of the operation's
 * variables file (`x.variables.json`, edited with jsonc-parser so its formatting and comments are
 * kept). Schema names and anything else are refused with a reason the user reads.
 */
import { findNodeAtLocation, parseTree, type Node as JsonNode } from 'jsonc-parser';
import { TenantGraphqlError } from '../errors';
import { ANONYMOUS_OPERATION_KEY } from '../run/variablesFile';
import type { ReferenceIndex, ReferenceLocation, SchemaOf, SymbolAt } from './referenceIndex';
import { symbolKey, type ReferenceSymbol } from './referenceAnalysis';
import type { Position, Range } from './types';

/** A rename that cannot be done; `message` says why, for the user. */
export class RenameRefusedError extends TenantGraphqlError {}

/** A text replacement in a document. */
export interface TextReplacement {
  readonly uri: string;
  readonly range: Range;
  readonly newText: string;
}

/** A key to rename in the variables file next to a host document. */
export interface SidecarKeyRename {
  /** The GraphQL document whose sidecar it is (the host file). */
  readonly documentUri: string;
  /** Path of the key: `[operation]` or `[operation, variable]`. */
  readonly path: readonly string[];
  readonly newKey: string;
}

/** Everything a rename changes. */
export interface RenamePlan {
  readonly symbol: ReferenceSymbol;
  readonly edits: readonly TextReplacement[];
  readonly sidecar?: SidecarKeyRename;
}

const NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

/**
 * What can be renamed at a position: the symbol and the range of its name there. Throws a
 * RenameRefusedError that says why not otherwise.
 */
export function prepareRename(index: ReferenceIndex, hostUri: string, position: Position, schemaOf: SchemaOf): SymbolAt {
  const at = index.symbolAt(hostUri, position, schemaOf);
  if (!at) {
    throw new RenameRefusedError('Only fragment names, operation names and variables can be renamed, and there is none here.');
  }
  const symbol = at.symbol;
  if (symbol.kind === 'schema') {
    throw new RenameRefusedError(
      `"${symbol.coordinate}" is a name from the schema: the Service defines it, so it cannot be renamed here. Use an alias in the query to change the name in the result.`,
    );
  }
  if (symbol.kind === 'variable' && symbol.inFragment) {
    throw new RenameRefusedError(
      `$${symbol.name} in fragment ${symbol.owner} is a variable of the operations that spread it: rename it in the operation that defines it (and here by hand).`,
    );
  }
  return at;
}

/** The edits that rename the symbol at a position to `newName` (throws RenameRefusedError). */
export function planRename(index: ReferenceIndex, hostUri: string, position: Position, newName: string, schemaOf: SchemaOf): RenamePlan {
  const at = prepareRename(index, hostUri, position, schemaOf);
  const symbol = at.symbol;
  if (!NAME.test(newName)) {
    throw new RenameRefusedError(`"${newName}" is not a GraphQL name: use letters, digits and _, not starting with a digit.`);
  }
  const rename = (locations: readonly ReferenceLocation[]): TextReplacement[] => locations.map((l) => ({ uri: l.uri, range: l.range, newText: newName }));
  switch (symbol.kind) {
    case 'fragment': {
      if (newName === 'on') {
        throw new RenameRefusedError('A fragment cannot be named "on".');
      }
      if (newName !== symbol.name && index.references({ kind: 'fragment', name: newName }, { schemaOf, includeDeclaration: true }).some((l) => l.definition)) {
        throw new RenameRefusedError(`A fragment named ${newName} exists already in the workspace.`);
      }
      return { symbol, edits: rename(index.references(symbol, { schemaOf, includeDeclaration: true })) };
    }
    case 'operation': {
      // Only the operation at the cursor: another file's operation of the same name is another operation.
      const same = index.references({ kind: 'operation', name: newName }, { schemaOf, includeDeclaration: true });
      if (newName !== symbol.name && same.some((l) => l.sourceId === at.location.sourceId)) {
        throw new RenameRefusedError(`This document has an operation named ${newName} already.`);
      }
      return { symbol, edits: rename([at.location]), sidecar: { documentUri: at.location.uri, path: [symbol.name], newKey: newName } };
    }
    case 'variable': {
      const mine = index.references(symbol, { schemaOf, includeDeclaration: true });
      const clash = index.references({ ...symbol, name: newName }, { schemaOf, includeDeclaration: true });
      if (newName !== symbol.name && clash.some((l) => l.definition)) {
        throw new RenameRefusedError(`This operation has a variable $${newName} already.`);
      }
      return {
        symbol,
        edits: rename(mine),
        sidecar: { documentUri: at.location.uri, path: [symbol.owner || ANONYMOUS_OPERATION_KEY, symbol.name], newKey: newName },
      };
    }
    default:
      // prepareRename refused schema names already.
      throw new RenameRefusedError(`${symbolKey(symbol)} cannot be renamed.`);
  }
}

/** One edit of a JSON text: replace `length` characters at `offset` with `content`. */
export interface JsonTextEdit {
  readonly offset: number;
  readonly length: number;
  readonly content: string;
}

/**
 * Where the key at `path` of a variables file is (its quotes included), or undefined when the
 * file has no such key or cannot be read as a JSON object.
 */
export function sidecarKeySpan(text: string, path: readonly string[]): { offset: number; length: number } | undefined {
  const root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  if (!root || root.type !== 'object') {
    return undefined;
  }
  const property: JsonNode | undefined = findNodeAtLocation(root, [...path])?.parent;
  const key = property?.type === 'property' ? property.children?.[0] : undefined;
  return key?.type === 'string' ? { offset: key.offset, length: key.length } : undefined;
}

/**
 * The edit that renames the key at `path` of a variables file to `newKey`, touching only the
 * key's text (its quotes included), so every other character (order, indentation, comments) is
 * kept. Undefined when the file has no such key (nothing to rename) or cannot be read as JSON
 * (then it is left alone); throws RenameRefusedError when the object has a `newKey` already.
 */
export function sidecarKeyEdit(text: string, path: readonly string[], newKey: string): JsonTextEdit | undefined {
  const key = sidecarKeySpan(text, path);
  if (!key || path[path.length - 1] === newKey) {
    return undefined;
  }
  const root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false })!;
  const container = path.length > 1 ? findNodeAtLocation(root, path.slice(0, -1) as string[]) : root;
  if (container && findNodeAtLocation(container, [newKey])) {
    throw new RenameRefusedError(`The variables file has an entry "${newKey}" already next to "${path[path.length - 1]}": merge or remove one of them first.`);
  }
  return { offset: key.offset, length: key.length, content: JSON.stringify(newKey) };
}
