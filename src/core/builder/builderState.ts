/**
 * Text -> checked state: which builder paths the operation under the cursor selects, with the
 * aliases and fragment spreads the text has, so the tree mirrors the text.
 */
import { Kind, print, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';
import { pathKey, rootKindOf, type BuilderPath, type BuilderStep, type RootKind } from './builderPath';
import { inputStepsOf } from './builderInput';
import { builderOperation, parseBuilderText } from './builderDocument';

/** What the builder shows for a text and a cursor. */
export interface BuilderState {
  /** The parser's message when the text does not parse (nothing is ticked, nothing can be). */
  readonly syntaxError?: string;
  /** The operation the builder works on, if any. */
  readonly operation?: { readonly kind: RootKind; readonly name?: string; readonly start: number; readonly end: number };
  /** Keys of the paths the operation selects (fields, inline fragments, arguments, enum values given). */
  readonly ticked: ReadonlySet<string>;
  /** Aliases of the selected fields, by path key. */
  readonly aliases: ReadonlyMap<string, readonly string[]>;
  /** Fragment spreads, by the key of the path whose selection set holds them. */
  readonly spreads: ReadonlyMap<string, readonly string[]>;
  /** The value each given argument has in the text (printed), by argument path key. */
  readonly argumentValues: ReadonlyMap<string, string>;
}

const EMPTY: BuilderState = { ticked: new Set(), aliases: new Map(), spreads: new Map(), argumentValues: new Map() };

/** The builder's state for a GraphQL text and the cursor's offset in it. */
export function builderState(text: string, offset: number): BuilderState {
  const parsed = parseBuilderText(text);
  if (!parsed.ok) {
    return { ...EMPTY, syntaxError: parsed.message };
  }
  const op = builderOperation(parsed.document, offset);
  return op ? stateOf(op) : EMPTY;
}

function push<V>(map: Map<string, V[]>, key: string, value: V): void {
  const list = map.get(key);
  if (list) {
    list.push(value);
  } else {
    map.set(key, [value]);
  }
}

function stateOf(op: OperationDefinitionNode): BuilderState {
  const ticked = new Set<string>();
  const aliases = new Map<string, string[]>();
  const spreads = new Map<string, string[]>();
  const argumentValues = new Map<string, string>();
  const root = rootKindOf(op.operation);
  const visit = (set: SelectionSetNode, steps: BuilderStep[]): void => {
    const here: BuilderPath = { root, steps };
    for (const s of set.selections) {
      if (s.kind === Kind.FRAGMENT_SPREAD) {
        push(spreads, pathKey(here), s.name.value);
      } else if (s.kind === Kind.INLINE_FRAGMENT) {
        const next = s.typeCondition ? [...steps, { kind: 'fragment' as const, typeName: s.typeCondition.name.value }] : steps;
        if (s.typeCondition) {
          ticked.add(pathKey({ root, steps: next }));
        }
        visit(s.selectionSet, next);
      } else {
        const next = [...steps, { kind: 'field' as const, name: s.name.value }];
        const key = pathKey({ root, steps: next });
        ticked.add(key);
        if (s.alias) {
          push(aliases, key, s.alias.value);
        }
        for (const arg of s.arguments ?? []) {
          const argSteps = [...next, { kind: 'argument' as const, name: arg.name.value }];
          const argKey = pathKey({ root, steps: argSteps });
          ticked.add(argKey);
          argumentValues.set(argKey, print(arg.value));
          if (arg.value.kind === Kind.ENUM) {
            ticked.add(pathKey({ root, steps: [...argSteps, { kind: 'enumValue', value: arg.value.value }] }));
          }
          for (const inputSteps of inputStepsOf(arg.value, argSteps)) {
            ticked.add(pathKey({ root, steps: inputSteps }));
          }
        }
        if (s.selectionSet) {
          visit(s.selectionSet, next);
        }
      }
    }
  };
  visit(op.selectionSet, []);
  return {
    operation: { kind: root, name: op.name?.value, start: op.loc?.start ?? 0, end: op.loc?.end ?? 0 },
    ticked,
    aliases,
    spreads,
    argumentValues,
  };
}

function sameMap<V>(a: ReadonlyMap<string, V>, b: ReadonlyMap<string, V>, same: (x: V, y: V) => boolean): boolean {
  if (a.size !== b.size) {
    return false;
  }
  for (const [key, value] of a) {
    const other = b.get(key);
    if (other === undefined || !same(value, other)) {
      return false;
    }
  }
  return true;
}

const sameList = (x: readonly string[], y: readonly string[]): boolean => x.length === y.length && x.every((v, i) => v === y[i]);

/**
 * Whether two states show the same tree: the same boxes ticked, aliases, spreads, argument values
 * and syntax error (where the operation sits in the text does not show). A tree redrawn for nothing
 * replaces its rows under the pointer, and a click that lands while they are replaced is lost.
 */
export function sameShown(a: BuilderState | undefined, b: BuilderState | undefined): boolean {
  if (a === undefined || b === undefined) {
    return a === b;
  }
  return (
    a.syntaxError === b.syntaxError &&
    a.operation?.kind === b.operation?.kind &&
    a.ticked.size === b.ticked.size &&
    [...a.ticked].every((k) => b.ticked.has(k)) &&
    sameMap(a.aliases, b.aliases, sameList) &&
    sameMap(a.spreads, b.spreads, sameList) &&
    sameMap(a.argumentValues, b.argumentValues, (x, y) => x === y)
  );
}
