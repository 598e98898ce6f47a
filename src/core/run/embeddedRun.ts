/**
 * Running GraphQL that lives in a code file (a `gql` / `graphql` / `/* GraphQL *\/` template in
 * TypeScript, JavaScript, Vue or Svelte): which operation to run and the document to send (the
 * template plus the fragment definitions it spreads but does not hold). The way back from the
 * server's `errors[].locations` to the characters inside the template is errorLocations.ts. A
 * `.graphql` file is the same thing with one template that is the whole file, so both kinds of
 * run go through here.
 * Pure: the VS Code glue finds the templates (src/core/embedded/templates) and the fragments.
 */
import { Kind, parse, visit, type DocumentNode } from 'graphql';
import type { LineIndex } from '../text/lineIndex';
import type { Range } from '../text/position';
import { chooseOperation, parseDocument, type OperationInfo, type ParsedDocument } from './operations';

/**
 * What a run needs of a template (the scanner's EmbeddedTemplate fits): its GraphQL text with
 * every `${…}` blanked to spaces of the same length, which starts at host offset `start`.
 */
export interface TemplateSpan {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** A template of the host file and its GraphQL, parsed (positions in the template's own text). */
export interface EmbeddedDocument {
  readonly template: TemplateSpan;
  readonly parsed: ParsedDocument;
}

/** An operation of a host file: the document (template) it is in, and the operation there. */
export interface EmbeddedOperation {
  readonly doc: EmbeddedDocument;
  readonly op: OperationInfo;
}

/** Which embedded operation a Run sends (as {@link chooseOperation}, across the file's templates). */
export type EmbeddedChoice = { kind: 'single'; target: EmbeddedOperation } | { kind: 'pick'; candidates: EmbeddedOperation[] } | { kind: 'error'; message: string };

/** The whole text of a `.graphql` file as its one template. */
export function wholeDocument(text: string): EmbeddedDocument {
  return { template: { start: 0, end: text.length, text }, parsed: parseDocument(text) };
}

/** The templates that hold at least one operation (fragment-only templates are not run). */
export function embeddedDocuments(templates: readonly TemplateSpan[]): EmbeddedDocument[] {
  const out: EmbeddedDocument[] = [];
  for (const template of templates) {
    if (!/\b(query|mutation|subscription)\b|^\s*\{/.test(template.text)) {
      continue; // cheap: no operation keyword and no shorthand query
    }
    const parsed = parseDocument(template.text);
    if (parsed.operations.length > 0) {
      out.push({ template, parsed });
    }
  }
  return out;
}

/** The template whose GraphQL text holds the host offset (both ends included), if any. */
export function templateAt<T extends TemplateSpan>(templates: readonly T[], offset: number): T | undefined {
  return templates.find((t) => t.start <= offset && offset <= t.end);
}

/** A range of a template's text as a range of the host file. */
export function hostRange(host: LineIndex, doc: EmbeddedDocument, r: Range): Range {
  const lines = doc.parsed.lines;
  return host.rangeOf(doc.template.start + lines.offsetAt(r.start), doc.template.start + lines.offsetAt(r.end));
}

/**
 * Decides what Run sends from a code file: the operation named `operationName` (CodeLens,
 * history); else the one at the host offset (cursor), with the checks of {@link chooseOperation}
 * for its template; else the only operation of the file, or a pick among all of them.
 */
export function chooseEmbeddedOperation(docs: readonly EmbeddedDocument[], target: { operationName?: string; offset?: number }, fileName: string): EmbeddedChoice {
  const all = docs.flatMap((doc) => doc.parsed.operations.map((op) => ({ doc, op })));
  if (all.length === 0) {
    return { kind: 'error', message: `${fileName} holds no GraphQL operation in a gql, graphql or /* GraphQL */ template.` };
  }
  let found: EmbeddedOperation | undefined;
  if (target.operationName !== undefined) {
    found = all.find((c) => c.op.name === target.operationName);
    if (!found) {
      return { kind: 'error', message: `${fileName} holds no operation named "${target.operationName}" any more. Open it and run the operation you want.` };
    }
  } else if (target.offset !== undefined) {
    const doc = templateAt(
      docs.map((d) => ({ ...d.template, doc: d })),
      target.offset,
    )?.doc;
    if (doc) {
      const choice = chooseOperation(doc.parsed, doc.parsed.lines.positionAt(target.offset - doc.template.start));
      return choice.kind === 'single'
        ? { kind: 'single', target: { doc, op: choice.op } }
        : choice.kind === 'pick'
          ? { kind: 'pick', candidates: choice.candidates.map((op) => ({ doc, op })) }
          : choice;
    }
  }
  if (!found && all.length > 1) {
    return { kind: 'pick', candidates: all };
  }
  const chosen = found ?? all[0];
  // The operation's template is sent whole: it must be runnable as a document.
  const check = chooseOperation(chosen.doc.parsed, chosen.op.range.start);
  return check.kind === 'error' ? check : { kind: 'single', target: chosen };
}

/** A fragment definition from elsewhere that a sent document needs. */
export interface FragmentSource {
  readonly name: string;
  /** The definition's GraphQL text (`fragment Name on Type { … }`). */
  readonly text: string;
  /** Where it is defined (for messages): a file name or URI. */
  readonly where: string;
  /** Set when `text` is verbatim host text at this host offset (another template of the same file). */
  readonly hostStart?: number;
}

/** A part of the sent document that was appended after the template. */
export interface AppendedFragment extends FragmentSource {
  /** Offsets of `text` in the sent document. */
  readonly sentStart: number;
}

/** What is sent as `query`, and where its parts come from. */
export interface SentDocument {
  readonly text: string;
  /** The template's text is the sent text's first `templateLength` characters. */
  readonly templateLength: number;
  readonly appended: readonly AppendedFragment[];
  /** Spreads that no template, file or fragment index defines (the server will say so). */
  readonly missing: readonly string[];
}

/**
 * The document to send for a template: its text as it is (so that the server's line and column
 * are the template's own), followed by the definitions of every fragment it spreads, directly or
 * through other fragments, that it does not define itself. `resolve` finds a fragment by name.
 */
export function buildSentDocument(doc: EmbeddedDocument, resolve: (name: string) => FragmentSource | undefined): SentDocument {
  const text = doc.template.text;
  const defined = new Set<string>();
  const wanted: string[] = [];
  collect(doc.parsed.ast, defined, wanted);
  const appended: AppendedFragment[] = [];
  const missing: string[] = [];
  let sent = text;
  const seen = new Set<string>();
  while (wanted.length > 0) {
    const name = wanted.shift()!;
    if (seen.has(name) || defined.has(name)) {
      continue;
    }
    seen.add(name);
    const source = resolve(name);
    const ast = source && tryParse(source.text);
    if (!source || !ast) {
      missing.push(name);
      continue;
    }
    collect(ast, defined, wanted);
    sent += '\n\n';
    appended.push({ ...source, sentStart: sent.length });
    sent += source.text;
  }
  return { text: sent, templateLength: text.length, appended, missing };
}

function tryParse(text: string): DocumentNode | undefined {
  try {
    return parse(text, { noLocation: true });
  } catch {
    return undefined;
  }
}

/** Adds the fragments a document defines to `defined` and the names it spreads to `wanted`. */
function collect(ast: DocumentNode | undefined, defined: Set<string>, wanted: string[]): void {
  if (!ast) {
    return;
  }
  for (const def of ast.definitions) {
    if (def.kind === Kind.FRAGMENT_DEFINITION) {
      defined.add(def.name.value);
    }
  }
  visit(ast, {
    FragmentSpread(node) {
      wanted.push(node.name.value);
    },
  });
}

/** The fragment definitions a template holds, as sources for other templates of the same file. */
export function fragmentsOfTemplate(doc: { template: TemplateSpan; ast?: DocumentNode }, where: string): FragmentSource[] {
  const out: FragmentSource[] = [];
  for (const def of doc.ast?.definitions ?? []) {
    if (def.kind === Kind.FRAGMENT_DEFINITION && def.loc) {
      out.push({ name: def.name.value, text: doc.template.text.slice(def.loc.start, def.loc.end), where, hostStart: doc.template.start + def.loc.start });
    }
  }
  return out;
}
