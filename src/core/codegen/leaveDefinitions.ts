/**
 * What codegen's `oldVisit(document, { leave: visitor })` gives for a visitor that leaves only the
 * documents' top-level definitions, without visiting every node under them. Codegen's plugins run
 * their visitors that way to reach the operations and fragments at the top of a document; graphql's
 * visit goes through every field, argument and name underneath (and looks up the visitor for each),
 * then calls the visitor's function for each definition with the definition as it is (nothing under
 * it changed). Here each definition is given to the visitor's function for its kind, in order, and
 * the other definitions stay as they are. Only when that is the same: the visitor has nothing for a
 * kind of node found under a definition (oldVisit takes every enumerable property named after a
 * kind) and every definition is an operation or a fragment (a document that validated is); for
 * anything else, undefined (the caller visits as upstream does).
 */
import { BREAK, Kind, type DocumentNode } from 'graphql';

/** The kinds of node found under executable definitions, and the document itself. */
const INNER_KINDS: readonly string[] = [
  Kind.DOCUMENT,
  Kind.NAME,
  Kind.VARIABLE_DEFINITION,
  Kind.VARIABLE,
  Kind.SELECTION_SET,
  Kind.FIELD,
  Kind.ARGUMENT,
  Kind.FRAGMENT_SPREAD,
  Kind.INLINE_FRAGMENT,
  Kind.INT,
  Kind.FLOAT,
  Kind.STRING,
  Kind.BOOLEAN,
  Kind.NULL,
  Kind.ENUM,
  Kind.LIST,
  Kind.OBJECT,
  Kind.OBJECT_FIELD,
  Kind.DIRECTIVE,
  Kind.NAMED_TYPE,
  Kind.LIST_TYPE,
  Kind.NON_NULL_TYPE,
];

type Leave = (node: unknown) => unknown;

/** The `definitions` oldVisit would give, or undefined when only a visit gives them. */
export function leaveDefinitions(document: DocumentNode, visitor: object): unknown[] | undefined {
  const functions = visitor as Record<string, unknown>;
  for (const kind of INNER_KINDS) {
    if (kind in visitor && functions[kind] !== undefined) {
      return undefined;
    }
  }
  const out: unknown[] = [];
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION && definition.kind !== Kind.FRAGMENT_DEFINITION) {
      return undefined;
    }
    const leave = functions[definition.kind];
    if (leave === undefined) {
      out.push(definition);
    } else if (typeof leave === 'function') {
      // As graphql's visit takes what a leave function returns: undefined or false leave the node
      // as it is, null removes it, anything else replaces it (codegen's visitors return text).
      const left = (leave as Leave).call(visitor, definition);
      if (left === BREAK) {
        throw new Error('leaveDefinitions: a visitor that stops the visit is not supported');
      }
      if (left === undefined || left === false) {
        out.push(definition);
      } else if (left !== null) {
        out.push(left);
      }
    } else {
      return undefined;
    }
  }
  return out;
}
