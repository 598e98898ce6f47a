/** A small schema and a table of edits of it, one change each (schemaDiff.test.ts, languageWorker.test.ts). */
export const BASE = `
  directive @cached(ttl: Int) repeatable on FIELD_DEFINITION | OBJECT
  enum TaskStatus { TODO DONE }
  input TaskFilter { status: TaskStatus }
  interface Node { id: ID! }
  type Task implements Node { id: ID! name: String! dueDate: String status: TaskStatus! }
  type File implements Node { id: ID! }
  union SearchResult = Task | File
  type Query { tasks(filter: TaskFilter, first: Int = 20): [Task!]! search(text: String!): [SearchResult!]! old: String }
`;

/** Table of one edit each: the coordinate and kind the diff must report. */
export const cases: { name: string; edit: (sdl: string) => string; kind: 'breaking' | 'dangerous'; type: string; coordinate: string }[] = [
  { name: 'field removed', edit: (s) => s.replace(' dueDate: String', ''), kind: 'breaking', type: 'FIELD_REMOVED', coordinate: 'Task.dueDate' },
  { name: 'field type changed', edit: (s) => s.replace('name: String!', 'name: Int!'), kind: 'breaking', type: 'FIELD_CHANGED_KIND', coordinate: 'Task.name' },
  {
    name: 'type removed',
    edit: (s) => s.replace(' old: String', '').replace('| File', '').replace('type File implements Node { id: ID! }', ''),
    kind: 'breaking',
    type: 'TYPE_REMOVED',
    coordinate: 'File',
  },
  { name: 'enum value removed', edit: (s) => s.replace('TODO DONE', 'TODO'), kind: 'breaking', type: 'VALUE_REMOVED_FROM_ENUM', coordinate: 'TaskStatus.DONE' },
  { name: 'enum value added', edit: (s) => s.replace('TODO DONE', 'TODO DONE BLOCKED'), kind: 'dangerous', type: 'VALUE_ADDED_TO_ENUM', coordinate: 'TaskStatus.BLOCKED' },
  {
    name: 'required arg added',
    edit: (s) => s.replace('first: Int = 20', 'first: Int = 20, team: ID!'),
    kind: 'breaking',
    type: 'REQUIRED_ARG_ADDED',
    coordinate: 'Query.tasks(team:)',
  },
  {
    name: 'optional arg added',
    edit: (s) => s.replace('first: Int = 20', 'first: Int = 20, after: String'),
    kind: 'dangerous',
    type: 'OPTIONAL_ARG_ADDED',
    coordinate: 'Query.tasks(after:)',
  },
  { name: 'arg removed', edit: (s) => s.replace('filter: TaskFilter, ', ''), kind: 'breaking', type: 'ARG_REMOVED', coordinate: 'Query.tasks(filter:)' },
  {
    name: 'arg default changed',
    edit: (s) => s.replace('first: Int = 20', 'first: Int = 50'),
    kind: 'dangerous',
    type: 'ARG_DEFAULT_VALUE_CHANGE',
    coordinate: 'Query.tasks(first:)',
  },
  {
    name: 'required input field added',
    edit: (s) => s.replace('{ status: TaskStatus }', '{ status: TaskStatus owner: ID! }'),
    kind: 'breaking',
    type: 'REQUIRED_INPUT_FIELD_ADDED',
    coordinate: 'TaskFilter.owner',
  },
  {
    name: 'optional input field added',
    edit: (s) => s.replace('{ status: TaskStatus }', '{ status: TaskStatus owner: ID }'),
    kind: 'dangerous',
    type: 'OPTIONAL_INPUT_FIELD_ADDED',
    coordinate: 'TaskFilter.owner',
  },
  { name: 'union member removed', edit: (s) => s.replace('= Task | File', '= Task'), kind: 'breaking', type: 'TYPE_REMOVED_FROM_UNION', coordinate: 'SearchResult' },
  { name: 'interface removed', edit: (s) => s.replace('type File implements Node', 'type File'), kind: 'breaking', type: 'IMPLEMENTED_INTERFACE_REMOVED', coordinate: 'File' },
  { name: 'directive removed', edit: (s) => s.replace(/directive @cached[^\n]*/, ''), kind: 'breaking', type: 'DIRECTIVE_REMOVED', coordinate: '@cached' },
  { name: 'directive arg removed', edit: (s) => s.replace('@cached(ttl: Int)', '@cached'), kind: 'breaking', type: 'DIRECTIVE_ARG_REMOVED', coordinate: '@cached(ttl:)' },
  {
    name: 'directive location removed',
    edit: (s) => s.replace('FIELD_DEFINITION | OBJECT', 'FIELD_DEFINITION'),
    kind: 'breaking',
    type: 'DIRECTIVE_LOCATION_REMOVED',
    coordinate: '@cached',
  },
];
