/**
 * Runs the cases of one test file against its GraphQL document, through seams: how an operation is
 * sent (the extension's authenticated client, or the command line's), and what to do about a
 * mutation (the guards). The Testing view and the command line both call this, so the same files
 * give the same verdicts.
 */
import { parseDocument, type OperationInfo } from '../run/operations';
import { ANONYMOUS_OPERATION_KEY, parseSidecar, variablesFromSidecar } from '../run/variablesFile';
import { checkAssertion, type Answer, type AssertionResult } from './assertions';
import type { Assertion } from './assertionSyntax';
import { operationFingerprint } from './snapshot';
import { parseTestFile, type Place, type TestCase, type TestFile, type TestFileProblem } from './testFile';

/** One operation to send. */
export interface TestRequest {
  readonly query: string;
  readonly operationName?: string;
  readonly variables: Record<string, unknown>;
  readonly operationType: OperationInfo['type'];
}

/** The seams of a run. */
export interface TestRunSeams {
  /** Sends an operation; throws (a typed error with a sentence) when no answer came. */
  execute(request: TestRequest, signal?: AbortSignal): Promise<Answer>;
  /** Whether a mutation may be sent; a sentence when not (refused on a read-only environment, not confirmed). */
  allowMutation(operation: string): Promise<true | string>;
  readonly signal?: AbortSignal;
}

/** The inputs of one file: its text, its document's text and its variables file's (absent: undefined). */
export interface TestFileInputs {
  readonly testText: string;
  readonly documentText: string | undefined;
  readonly variablesText?: string;
  /** For messages: the document's file name. */
  readonly documentName: string;
  /**
   * The schema of the environment the cases run on, when known: its version (schemaVersionOf) and
   * the environment's name. A snapshot taken on another version is a warning at its `schema`.
   */
  readonly schema?: { readonly version: string; readonly environment: string };
}

/** One failed assertion, at its place. */
export interface AssertionFailure {
  readonly assertion: Assertion;
  readonly result: Extract<AssertionResult, { pass: false }>;
}

/** The verdict of one case. */
export type CaseOutcome =
  | { readonly state: 'passed'; readonly answer: Answer }
  | { readonly state: 'failed'; readonly answer: Answer; readonly failures: readonly AssertionFailure[] }
  /** Not run, or no answer: a sentence at a place (the case, the operation's key, the file). */
  | { readonly state: 'errored'; readonly message: string; readonly place: Place };

/** One case with its outcome. */
export interface CaseResult {
  readonly operation: string;
  readonly testCase: TestCase;
  readonly outcome: CaseOutcome;
}

/** A case's identity inside its file (stable across edits that keep the names). */
export function caseKey(operation: string, caseName: string): string {
  return `${operation}\u0000${caseName}`;
}

/** What the file promises: the parsed test file, and the problems found against the document. */
export interface CheckedFile {
  readonly file: TestFile;
  /** The file's problems and those against the document (an operation that no longer exists, bad variables file). */
  readonly problems: readonly TestFileProblem[];
}

/** Parses a test file and checks it against its document: each problem at its place. */
export function checkTestFile(inputs: TestFileInputs): CheckedFile {
  const file = parseTestFile(inputs.testText);
  const problems = [...file.problems];
  if (inputs.documentText === undefined) {
    const first = file.operations[0]?.place ?? { offset: 0, length: 0, line: 1, column: 1 };
    problems.push({ message: `${inputs.documentName} does not exist: a test file sits beside its GraphQL document and has its name plus ".test.json".`, place: first });
    return { file, problems };
  }
  const doc = parseDocument(inputs.documentText);
  for (const op of file.operations) {
    if (!doc.syntaxError && !findOperation(doc.operations, op.operation)) {
      const names = doc.operations.map((o) => o.name ?? ANONYMOUS_OPERATION_KEY);
      problems.push({
        message: `${inputs.documentName} has no operation "${op.operation}"${names.length ? ` (it has ${names.map((n) => `"${n}"`).join(', ')})` : ''}: rename the entry or remove it.`,
        place: op.place,
      });
    }
  }
  problems.push(...otherSchemaProblems(file, inputs.schema));
  return { file, problems };
}

/** A warning at the `schema` of each snapshot taken on another version of the schema than `schema`'s. */
function otherSchemaProblems(file: TestFile, schema: TestFileInputs['schema']): TestFileProblem[] {
  if (!schema) {
    return [];
  }
  return file.operations.flatMap((op) =>
    op.cases.flatMap((c) =>
      c.assertions.flatMap((a) =>
        a.kind === 'snapshot' && a.schema !== undefined && a.schema !== schema.version
          ? [
              {
                severity: 'warning' as const,
                place: a.schemaPlace ?? a.place,
                message: `The snapshot of "${op.operation} › ${c.name}" was taken on another version of the schema of "${schema.environment}" (${a.schema}, now ${schema.version}): check that its answer still holds, then run "Update Snapshot" (or the command line with --update-snapshots) to take it on this version.`,
              },
            ]
          : [],
      ),
    ),
  );
}

function findOperation(operations: readonly OperationInfo[], key: string): OperationInfo | undefined {
  return key === ANONYMOUS_OPERATION_KEY && operations.length === 1 && !operations[0].name ? operations[0] : operations.find((o) => o.name === key);
}

/**
 * Runs the cases of a file (`only`: the keys of the cases to run; all when absent), one after the
 * other, in file order. Never throws for a case: a failure to send is that case's error.
 */
export async function runTestFile(inputs: TestFileInputs, seams: TestRunSeams, only?: ReadonlySet<string>, onResult?: (result: CaseResult) => void): Promise<CaseResult[]> {
  const { file } = checkTestFile(inputs);
  const results: CaseResult[] = [];
  const report = (r: CaseResult) => {
    results.push(r);
    onResult?.(r);
  };
  const doc = inputs.documentText === undefined ? undefined : parseDocument(inputs.documentText);
  const sidecar = inputs.variablesText === undefined ? undefined : parseSidecar(inputs.variablesText);
  const mutationVerdicts = new Map<string, true | string>();
  for (const op of file.operations) {
    for (const testCase of op.cases) {
      if (only && !only.has(caseKey(op.operation, testCase.name))) {
        continue;
      }
      if (seams.signal?.aborted) {
        return results;
      }
      const errored = (message: string, place: Place = testCase.place) => report({ operation: op.operation, testCase, outcome: { state: 'errored', message, place } });
      if (!doc) {
        errored(`${inputs.documentName} does not exist.`, op.place);
        continue;
      }
      if (doc.syntaxError) {
        errored(`${inputs.documentName} has a syntax error at line ${doc.syntaxError.line}, column ${doc.syntaxError.column}: ${doc.syntaxError.message}`, op.place);
        continue;
      }
      const info = findOperation(doc.operations, op.operation);
      if (!info) {
        errored(`${inputs.documentName} has no operation "${op.operation}".`, op.place);
        continue;
      }
      if (info.type === 'subscription') {
        errored('Subscriptions cannot be tested: the Service answers operations over HTTP only.', op.place);
        continue;
      }
      let variables: Record<string, unknown>;
      if (testCase.variables) {
        variables = { ...testCase.variables };
      } else if (sidecar && !sidecar.ok) {
        errored(`The variables file cannot be read: ${sidecar.error.message}`);
        continue;
      } else {
        variables = variablesFromSidecar(sidecar?.ok ? sidecar.sidecar : undefined, info.name);
      }
      if (info.type === 'mutation') {
        if (!mutationVerdicts.has(op.operation)) {
          let verdict: true | string;
          try {
            verdict = await seams.allowMutation(op.operation);
          } catch (err) {
            // The question could not be asked: not sent, with the reason.
            verdict = `Whether "${op.operation}" may be sent could not be asked (${err instanceof Error ? err.message : String(err)}): nothing was sent.`;
          }
          mutationVerdicts.set(op.operation, verdict);
        }
        const verdict = mutationVerdicts.get(op.operation)!;
        if (verdict !== true) {
          errored(verdict, op.place);
          continue;
        }
      }
      let answer: Answer;
      try {
        answer = await seams.execute(
          {
            query: doc.text,
            variables,
            operationType: info.type,
            ...(info.name && doc.operations.length > 1 ? { operationName: info.name } : info.name ? { operationName: info.name } : {}),
          },
          seams.signal,
        );
      } catch (err) {
        errored(`No answer: ${err instanceof Error ? err.message : String(err)}`);
        continue;
      }
      const fingerprint = operationFingerprint(doc.text.slice(doc.lines.offsetAt(info.range.start), doc.lines.offsetAt(info.range.end)));
      const failures: AssertionFailure[] = [];
      for (const assertion of testCase.assertions) {
        const result = checkAssertion(assertion, answer, { operationFingerprint: fingerprint, ...(inputs.schema ? { schemaVersion: inputs.schema.version } : {}) });
        if (!result.pass) {
          failures.push({ assertion, result });
        }
      }
      report({ operation: op.operation, testCase, outcome: failures.length === 0 ? { state: 'passed', answer } : { state: 'failed', answer, failures } });
    }
  }
  return results;
}

/** The fingerprint of an operation of a document (what Update Snapshot records), or undefined when it is not there. */
export function fingerprintOf(documentText: string, operation: string): string | undefined {
  const doc = parseDocument(documentText);
  const info = findOperation(doc.operations, operation);
  return info && operationFingerprint(doc.text.slice(doc.lines.offsetAt(info.range.start), doc.lines.offsetAt(info.range.end)));
}
