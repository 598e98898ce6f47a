import { buildSchema } from 'graphql';
import type { BuilderEdit } from '../../../../src/core/builder/builderLayout';
import { toggleBuilderPath, type BuilderChange } from '../../../../src/core/builder/builderEdits';
import type { BuilderStep, RootKind } from '../../../../src/core/builder/builderPath';

/** A small schema with what the builder has to handle: connections, required and optional arguments, enums, an interface, a union, a mutation, a deprecation, required input-object arguments and fields whose own fields are all optional. */
export const SCHEMA = buildSchema(`
  type Query {
    tasks(first: Int, status: Status, filter: TaskFilter): TaskConnection!
    task(id: ID!): Task
    node(id: ID!): Node
    search(text: String!): [Result!]!
    me: User
    oldTasks: [Task!]! @deprecated(reason: "Use tasks.")
  }
  input TaskFilter { status: Status, owner: ID, due: DateRange }
  input DateRange { from: String!, to: String }
  type TaskConnection { edges: [TaskEdge!]! totalCount: Int! }
  type TaskEdge { node: Task! cursor: String! }
  interface Node { id: ID! }
  type Task implements Node { id: ID! name: String! status: Status owner: User }
  type User implements Node { id: ID! login: String! tasks(first: Int): TaskConnection! }
  union Result = Task | User
  enum Status { OPEN DONE }
  type Mutation { createTask(name: String!, status: Status): Task updateTask(id: ID!, patch: TaskPatch!): Task plan(input: PlanInput!): Task }
  input TaskPatch { name: String, status: Status, window: Window }
  input PlanInput { note: String, window: Window! }
  input Window { start: String, state: Status }
`);

/** Builder steps from names: `tasks`, `...User` (inline fragment), `(first)` (argument), `.status` (input-object field), `=DONE` (enum value). */
export function steps(...names: string[]): BuilderStep[] {
  return names.map((n): BuilderStep => {
    if (n.startsWith('...')) {
      return { kind: 'fragment', typeName: n.slice(3) };
    }
    if (n.startsWith('(')) {
      return { kind: 'argument', name: n.slice(1, -1) };
    }
    if (n.startsWith('.')) {
      return { kind: 'inputField', name: n.slice(1) };
    }
    if (n.startsWith('=')) {
      return { kind: 'enumValue', value: n.slice(1) };
    }
    return { kind: 'field', name: n };
  });
}

/** Ticks or unticks a path in a text (cursor at `offset`) and returns the change and the new text. */
export function toggle(text: string, checked: boolean, names: string[], root: RootKind = 'query', offset = 0): { change: BuilderChange; text: string } {
  const change = toggleBuilderPath({ text, offset, schema: SCHEMA, path: { root, steps: steps(...names) }, checked });
  return { change, text: applyBuilderEdits(text, change.edits) };
}

/** A text with edits applied (non-overlapping, in any order). */
export function applyBuilderEdits(text: string, edits: readonly BuilderEdit[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.start - a.start)) {
    out = out.slice(0, e.start) + e.text + out.slice(e.end);
  }
  return out;
}
