/**
 * The validate and run tools' view of an operation an agent wrote: which operation of the document
 * is meant, the variables it requires that were not given, the editor's diagnostics told with
 * 1-based line and column and the names graphql suggests, and a run's answer sized for a model.
 * Pure.
 */
import { Kind } from 'graphql';
import { chooseOperation, parseDocument, type OperationType } from '../run/operations';
import type { LanguageDiagnostic } from '../language/types';
import { parseUnknownName } from '../language/quickFixDidYouMean';
import { fitText } from './budget';

/** The operation to run, or a sentence saying why there is none. */
export type PickedOperation =
  { readonly ok: true; readonly name?: string; readonly type: OperationType; readonly missingVariables: readonly string[] } | { readonly ok: false; readonly message: string };

/**
 * The operation of `document` to run: the one named `operationName`, else the only one. With
 * several and no name, or a name the document does not hold, a sentence listing the names.
 */
export function pickOperation(document: string, operationName: string | undefined, variables: Readonly<Record<string, unknown>> = {}): PickedOperation {
  const parsed = parseDocument(document);
  const names = parsed.operations.map((o) => o.name).filter((n): n is string => n !== undefined);
  let op = operationName !== undefined ? parsed.operations.find((o) => o.name === operationName) : undefined;
  if (operationName !== undefined && !op && !parsed.syntaxError) {
    return { ok: false, message: `The document holds no operation named "${operationName}"${names.length > 0 ? `; it holds ${names.map((n) => `"${n}"`).join(', ')}` : ''}.` };
  }
  if (!op) {
    const choice = chooseOperation(parsed);
    if (choice.kind === 'error') {
      return { ok: false, message: choice.message };
    }
    if (choice.kind === 'pick') {
      return { ok: false, message: `The document holds ${choice.candidates.length} operations (${names.map((n) => `"${n}"`).join(', ')}): say which one with operationName.` };
    }
    op = choice.op;
  }
  const missing = (op.node?.variableDefinitions ?? [])
    .filter((d) => d.type.kind === Kind.NON_NULL_TYPE && d.defaultValue === undefined && variables[d.variable.name.value] === undefined)
    .map((d) => d.variable.name.value);
  return { ok: true, name: op.name, type: op.type, missingVariables: missing };
}

/** One diagnostic as the validate tool tells it (1-based line and column, as GraphQL reports them). */
export interface ToolDiagnostic {
  readonly severity: LanguageDiagnostic['severity'];
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
  readonly message: string;
  /** The names graphql suggests for an unknown one ("Did you mean …?"). */
  readonly suggestions?: readonly string[];
  readonly deprecated?: boolean;
}

/** The editor's diagnostics of a document as the validate tool returns them. */
export function toolDiagnostics(diagnostics: readonly LanguageDiagnostic[]): ToolDiagnostic[] {
  return diagnostics.map((d) => {
    const unknown = parseUnknownName(d.message);
    return {
      severity: d.severity,
      line: d.range.start.line + 1,
      column: d.range.start.character + 1,
      endLine: d.range.end.line + 1,
      endColumn: d.range.end.character + 1,
      message: d.message,
      ...(unknown && unknown.suggestions.length > 0 ? { suggestions: unknown.suggestions } : {}),
      ...(d.deprecated ? { deprecated: true } : {}),
    };
  });
}

/** The validate tool's text: a verdict in words, then the problems as JSON (cut to the budget, said so). */
export function diagnosticsText(diagnostics: readonly ToolDiagnostic[], environment: string, budget: number): string {
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  if (diagnostics.length === 0) {
    return `The document is valid against the schema of ${environment}: no problems.`;
  }
  const lead =
    `Against the schema of ${environment} the document has ${errors} ${errors === 1 ? 'error' : 'errors'} and ${warnings} ${warnings === 1 ? 'warning' : 'warnings'} ` +
    '(lines and columns are 1-based; "suggestions" are the names the schema has that are closest to an unknown one).';
  return fitText(
    `${lead}\n${JSON.stringify(diagnostics, null, 2)}`,
    budget,
    (shown, total) => `[Cut: ${shown} of ${total} characters shown. Fix the first problems and validate again.]`,
  ).text;
}

/** What a run came to, as the run tool tells it. */
export interface RunAnswerForTool {
  readonly environment: string;
  readonly operation: string;
  readonly status?: number;
  /** The answer's data and errors, or the JSONPath selection of it. */
  readonly body?: unknown;
  /** The JSONPath the body was narrowed with, and how many matches it had. */
  readonly jsonPath?: { readonly expression: string; readonly matches: number };
  /** Why there is no answer (the message the person would have been shown). */
  readonly failure?: string;
  readonly graphqlErrors: number;
}

/** The run tool's text: what ran where and how it went, then the answer as JSON, cut to the budget and said so. */
export function runAnswerText(answer: RunAnswerForTool, budget: number): string {
  if (answer.failure !== undefined) {
    return `${answer.operation} did not run to an answer on ${answer.environment}: ${answer.failure}`;
  }
  const lead = [
    `${answer.operation} ran on ${answer.environment}${answer.status !== undefined ? ` (HTTP ${answer.status})` : ''} with the person's session, and is kept in the run history.`,
    answer.graphqlErrors > 0 ? `The Service reported ${answer.graphqlErrors} GraphQL ${answer.graphqlErrors === 1 ? 'error' : 'errors'} (see "errors").` : '',
    answer.jsonPath ? `Narrowed with the JSONPath ${answer.jsonPath.expression}: ${answer.jsonPath.matches} ${answer.jsonPath.matches === 1 ? 'match' : 'matches'}.` : '',
  ]
    .filter((s) => s !== '')
    .join(' ');
  const json = JSON.stringify(answer.body, null, 1) ?? 'null';
  return fitText(
    `${lead}\n${json}`,
    budget,
    (shown, total) =>
      `[Cut: ${shown} of ${total} characters shown. Select fewer fields, ask for fewer items (e.g. first: 5), or pass a jsonPath such as $.data.tasks.edges[*].node.name.]`,
  ).text;
}

/** Control, bidi and invisible characters: never shown from text an agent wrote. */
// eslint-disable-next-line no-control-regex
const UNSEEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/**
 * A Markdown code block holding `text` as it is: fenced with more backticks than any run of
 * backticks in it (so the text cannot close the block and be read as Markdown), without control,
 * bidi or invisible characters.
 */
export function codeBlock(text: string, language: string): string {
  const clean = text.replace(UNSEEN, '');
  const longest = Math.max(2, ...[...clean.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${clean}\n${fence}`;
}
