/**
 * Operation variables for the builder: fresh names, their declarations in the operation's
 * header, their removal when nothing uses them any more, and the placeholder a variables file
 * gets for each.
 */
import { visit, type ASTNode, type OperationDefinitionNode, type VariableDefinitionNode } from 'graphql';
import { indentAt, listRemovals, startsLine, type BuilderEdit } from './builderLayout';

/** A variable the builder declares: its name (without `$`), its type as written, its placeholder value. */
export interface NewVariable {
  readonly name: string;
  readonly type: string;
  readonly placeholder: unknown;
}

/** A name like `base` that the operation does not declare yet (`base`, `base2`, ...). */
export function freshVariableName(base: string, taken: Set<string>): string {
  let name = base;
  for (let n = 2; taken.has(name); n++) {
    name = `${base}${n}`;
  }
  taken.add(name);
  return name;
}

/** The edit that declares new variables in an operation's header (adding the parentheses when it has none). */
export function declareVariables(text: string, op: OperationDefinitionNode, vars: readonly NewVariable[]): BuilderEdit | undefined {
  if (vars.length === 0) {
    return undefined;
  }
  const defs = vars.map((v) => `$${v.name}: ${v.type}`);
  const existing = op.variableDefinitions ?? [];
  if (existing.length > 0) {
    const last = existing[existing.length - 1];
    const end = last.loc!.end;
    if (startsLine(text, last.loc!.start)) {
      const indent = indentAt(text, last.loc!.start);
      return { start: end, end, text: defs.map((d) => `\n${indent}${d}`).join('') };
    }
    return { start: end, end, text: defs.map((d) => `, ${d}`).join('') };
  }
  const list = `(${defs.join(', ')})`;
  if (op.name) {
    return { start: op.name.loc!.end, end: op.name.loc!.end, text: list };
  }
  const braceAt = op.selectionSet.loc!.start;
  if (op.loc!.start === braceAt) {
    // The shorthand `{ … }` takes no variables: it becomes `query (…) { … }`.
    return { start: braceAt, end: braceAt, text: `query ${list} ` };
  }
  // `query {`: after the keyword.
  const keywordEnd = op.loc!.startToken.end;
  return { start: keywordEnd, end: keywordEnd, text: ` ${list}` };
}

/** The names of the variables used inside a node. */
export function variablesUsedIn(node: ASTNode): string[] {
  const names: string[] = [];
  visit(node, {
    VariableDefinition: () => false,
    Variable: (v) => {
      names.push(v.name.value);
    },
  });
  return names;
}

/**
 * The edits that remove the declarations of `names` from an operation's header (the parentheses
 * too when none is left), keeping the separators of the others.
 */
export function undeclareVariables(op: OperationDefinitionNode, names: ReadonlySet<string>): BuilderEdit[] {
  const defs = op.variableDefinitions ?? [];
  const gone = (d: VariableDefinitionNode) => names.has(d.variable.name.value);
  if (defs.length === 0 || !defs.some(gone)) {
    return [];
  }
  if (defs.every(gone)) {
    let open = defs[0].loc!.startToken.prev;
    while (open && open.kind !== '(') {
      open = open.prev;
    }
    let close = defs[defs.length - 1].loc!.endToken.next;
    while (close && close.kind !== ')') {
      close = close.next;
    }
    if (!open || !close) {
      return [];
    }
    const start = op.name ? open.start : open.prev && open.prev.end < open.start ? open.prev.end : open.start;
    return [{ start, end: close.end, text: '' }];
  }
  // Not every declaration goes (handled above), so the whole-list range is never used.
  return listRemovals(
    defs.map((d) => ({ start: d.loc!.start, end: d.loc!.end })),
    defs.map(gone),
    { start: 0, end: 0 },
  );
}

/**
 * The edits of an operation's header that remove the declarations of `gone` and declare `added`,
 * without two edits overlapping (the glue applies them together): when every declaration goes and
 * others come, the list is written again.
 */
export function headerEdits(text: string, op: OperationDefinitionNode, gone: ReadonlySet<string>, added: readonly NewVariable[]): BuilderEdit[] {
  const defs = op.variableDefinitions ?? [];
  const removing = defs.some((d) => gone.has(d.variable.name.value));
  if (!removing) {
    const declare = declareVariables(text, op, added);
    return declare ? [declare] : [];
  }
  if (added.length === 0) {
    return undeclareVariables(op, gone);
  }
  if (defs.every((d) => gone.has(d.variable.name.value))) {
    let open = defs[0].loc!.startToken.prev;
    while (open && open.kind !== '(') {
      open = open.prev;
    }
    let close = defs[defs.length - 1].loc!.endToken.next;
    while (close && close.kind !== ')') {
      close = close.next;
    }
    if (open && close) {
      return [{ start: open.start, end: close.end, text: `(${added.map((v) => `$${v.name}: ${v.type}`).join(', ')})` }];
    }
  }
  // Some declarations stay: the new ones go after the last kept one, after the removals.
  const kept = defs.filter((d) => !gone.has(d.variable.name.value));
  const last = kept[kept.length - 1];
  const declare = declareVariables(text, { ...op, variableDefinitions: [last] }, added)!;
  const removals = undeclareVariables(op, gone);
  const touching = removals.find((r) => r.start <= declare.start && declare.start <= r.end);
  if (!touching) {
    return [...removals, declare];
  }
  // The insertion point lies on a removal's edge: one edit does both.
  const merged = declare.start === touching.start ? { ...touching, text: declare.text + touching.text } : { ...touching, text: touching.text + declare.text };
  return [...removals.filter((r) => r !== touching), merged];
}
