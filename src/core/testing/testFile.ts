/**
 * The test file beside a GraphQL document: `tasks.graphql` -> `tasks.graphql.test.json`. One JSON
 * object whose keys are operation names (`"(anonymous)"` for an anonymous one), each holding a list
 * of cases; a case has a name, optional variables (the variables file's otherwise) and a list of
 * assertions. Read with jsonc-parser (comments allowed), so every case and assertion keeps its
 * place in the file: a failure is shown at its line, and a snapshot update edits only its value.
 */
import { parseTree, type Node } from 'jsonc-parser';
import { LineIndex } from '../text/lineIndex';
import { parseJsonText } from '../run/jsonText';
import { type Assertion, type Place, parseAssertion, plainValue } from './assertionSyntax';

export type { Place } from './assertionSyntax';

/** The document a test file belongs to (`a/tasks.graphql.test.json` -> `a/tasks.graphql`), or undefined for another name. */
export function documentPathOf(testFilePath: string): string | undefined {
  const m = /^(.*\.(?:graphql|gql))\.test\.json$/i.exec(testFilePath);
  return m && !/[/\\]$/.test(m[1]) && !/(^|[/\\])\.(?:graphql|gql)$/i.test(m[1]) ? m[1] : undefined;
}

/** One case: a name, its variables (undefined: the variables file's) and its assertions. */
export interface TestCase {
  readonly name: string;
  readonly place: Place;
  readonly variables?: Readonly<Record<string, unknown>>;
  readonly assertions: readonly Assertion[];
}

/** The cases of one operation. */
export interface OperationTests {
  /** The key as written: an operation name, or `(anonymous)`. */
  readonly operation: string;
  readonly place: Place;
  readonly cases: readonly TestCase[];
}

/** Something wrong in the file, at its place; a warning does not fail the run (a snapshot taken on another schema version). */
export interface TestFileProblem {
  readonly message: string;
  readonly place: Place;
  readonly severity?: 'warning';
}

/** A parsed test file: what could be read, and what could not (each problem at its line). */
export interface TestFile {
  readonly operations: readonly OperationTests[];
  readonly problems: readonly TestFileProblem[];
}

/** Parses a test file's text; never throws. A bad case or assertion is a problem; the rest still runs. */
export function parseTestFile(text: string): TestFile {
  const lines = new LineIndex(text);
  const placeOf = (offset: number, length = 0): Place => {
    const p = lines.positionAt(offset);
    return { offset, length, line: p.line + 1, column: p.character + 1 };
  };
  const nodePlace = (node: Node): Place => placeOf(node.offset, node.length);
  const problems: TestFileProblem[] = [];
  const problem = (message: string, place: Place) => problems.push({ message, place });
  const checked = parseJsonText(text);
  if (!checked.ok) {
    const at = placeOf(checked.problem.offset);
    problem(`The test file is not valid JSON at line ${at.line}, column ${at.column}: ${checked.problem.message}.`, at);
    return { operations: [], problems };
  }
  const root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  if (!root || root.type !== 'object') {
    problem(
      'The test file must hold one JSON object with a list of cases per operation name, for example {"Tasks": [{"name": "lists tasks", "assert": [{"noErrors": true}]}]}.',
      placeOf(0),
    );
    return { operations: [], problems };
  }
  const operations: OperationTests[] = [];
  for (const member of root.children ?? []) {
    const [keyNode, valueNode] = member.children ?? [];
    if (!keyNode || !valueNode) {
      continue;
    }
    const key = String(keyNode.value);
    if (key === '$schema') {
      continue;
    }
    if (valueNode.type !== 'array') {
      problem(`The entry "${key}" must be a list of cases, for example [{"name": "first", "assert": [{"noErrors": true}]}].`, nodePlace(keyNode));
      continue;
    }
    const cases: TestCase[] = [];
    const names = new Set<string>();
    (valueNode.children ?? []).forEach((caseNode, index) => {
      const parsed = parseCase(caseNode, index, key, nodePlace, problem);
      if (!parsed) {
        return;
      }
      if (names.has(parsed.name)) {
        problem(`Two cases of "${key}" are named "${parsed.name}": give each case its own name.`, parsed.place);
        return;
      }
      names.add(parsed.name);
      cases.push(parsed);
    });
    operations.push({ operation: key, place: nodePlace(keyNode), cases });
  }
  return { operations, problems };
}

function parseCase(node: Node, index: number, operation: string, nodePlace: (n: Node) => Place, problem: (message: string, place: Place) => void): TestCase | undefined {
  const at = `Case ${index + 1} of "${operation}"`;
  if (node.type !== 'object') {
    problem(`${at} must be an object with "name" and "assert".`, nodePlace(node));
    return undefined;
  }
  const props = new Map<string, Node>();
  for (const member of node.children ?? []) {
    const [k, v] = member.children ?? [];
    if (k && v) {
      props.set(String(k.value), v);
      if (!['name', 'variables', 'assert', 'description'].includes(String(k.value))) {
        problem(`${at}: "${String(k.value)}" is not a field of a case (name, description, variables, assert) and is ignored.`, nodePlace(k));
      }
    }
  }
  const nameNode = props.get('name');
  if (nameNode !== undefined && (nameNode.type !== 'string' || String(nameNode.value).trim() === '')) {
    problem(`${at}: "name" must be a non-empty text.`, nodePlace(nameNode));
    return undefined;
  }
  const name = nameNode ? String(nameNode.value) : `case ${index + 1}`;
  const variablesNode = props.get('variables');
  if (variablesNode && variablesNode.type !== 'object') {
    problem(`${at}: "variables" must be an object, for example {"id": "t1"}.`, nodePlace(variablesNode));
    return undefined;
  }
  const assertNode = props.get('assert');
  if (!assertNode || assertNode.type !== 'array' || (assertNode.children ?? []).length === 0) {
    problem(`${at} ("${name}") needs "assert": a list of at least one assertion, for example [{"noErrors": true}].`, nodePlace(assertNode ?? node));
    return undefined;
  }
  const assertions: Assertion[] = [];
  for (const a of assertNode.children ?? []) {
    const parsed = parseAssertion(a, nodePlace);
    if (parsed.ok) {
      assertions.push(parsed.assertion);
    } else {
      problem(`${at} ("${name}"): ${parsed.message}`, parsed.place);
    }
  }
  if (assertions.length !== (assertNode.children ?? []).length) {
    return undefined;
  }
  return {
    name,
    place: nodePlace(node),
    ...(variablesNode ? { variables: plainValue(variablesNode) as Record<string, unknown> } : {}),
    assertions,
  };
}
