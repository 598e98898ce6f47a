import * as assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import {
  execute,
  getNamedType,
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLObjectType,
  isAbstractType,
  isLeafType,
  isListType,
  isNonNullType,
  isRequiredArgument,
  parse,
  validate,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedOutputType,
  type DocumentNode,
  type GraphQLSchema,
} from 'graphql';
import { DataStore } from '../../../src/sandbox/data';
import { demoTenant } from '../../../src/sandbox/demoTenant';
import { createGraphqlContext, createSandboxSchema } from '../../../src/sandbox/resolvers';
import type { TenantConfig } from '../../../src/sandbox/tenant';
import { isEntityType, Visibility, type VisibleIds } from '../../../src/sandbox/visibility';
import { hiddenUserTenant, viewerOf } from '../../unit/sandbox/hiddenTenant';

/**
 * A generated test of the visibility model: from every root field of the Sandbox schema (queries
 * and mutations), it builds operations that select every field path up to a bounded depth, with
 * every argument filled from the tenant's IDs (visible or not), enum values and a few scalars. It
 * runs them as each user and a team token, and checks every answer: no object the model says is
 * invisible appears anywhere, no non-null field breaks, and an argument naming an invisible object
 * gets the same answer as one naming no object at all.
 */

/** Object levels below a root field. */
const MAX_DEPTH = 5;
/** How often one type may appear on a path (bounds the cycles User -> Group -> User ...). */
const MAX_TYPE_REPEATS = 2;
/** An ID no object of any tenant has. */
const NO_SUCH_ID = 'no-such-id';

interface Walk {
  /** Field paths the selections reach, e.g. `Query.tasks.edges.node.group.members.groups.id`. */
  paths: Set<string>;
}

/** The selection set of every field of `type`, bounded by depth and repeats. */
function selection(schema: GraphQLSchema, type: GraphQLNamedOutputType, path: string, typesOnPath: string[], walk: Walk): string {
  if (isLeafType(type)) {
    return '';
  }
  const objectTypes = isAbstractType(type) ? schema.getPossibleTypes(type) : [type as GraphQLObjectType];
  const parts = ['__typename'];
  for (const object of objectTypes) {
    const fields: string[] = [];
    for (const field of Object.values(object.getFields())) {
      if (field.args.some(isRequiredArgument)) {
        continue;
      }
      const named = getNamedType(field.type);
      const fieldPath = `${path}.${field.name}`;
      // In a fragment per possible type, an alias per type keeps same-named fields of different
      // types (Task.owner: User, File.owner: User!) from conflicting.
      const name = isAbstractType(type) && field.name !== 'id' ? `${object.name}_${field.name}: ${field.name}` : field.name;
      if (isLeafType(named)) {
        fields.push(name);
        walk.paths.add(fieldPath);
        continue;
      }
      const repeats = typesOnPath.filter((t) => t === named.name).length;
      if (typesOnPath.length >= MAX_DEPTH || repeats >= MAX_TYPE_REPEATS) {
        continue;
      }
      walk.paths.add(fieldPath);
      fields.push(`${name} { ${selection(schema, named, fieldPath, [...typesOnPath, named.name], walk)} }`);
    }
    parts.push(isAbstractType(type) ? `... on ${object.name} { ${fields.join(' ')} }` : fields.join(' '));
  }
  return parts.join(' ');
}

/** A variable value and the IDs it names. */
interface Value {
  value: unknown;
  ids: string[];
}

/** Every value the walk tries for an input type. */
function candidates(type: GraphQLInputType, ids: readonly string[]): Value[] {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) {
    return candidates(inner.ofType, ids).map((c) => ({ value: [c.value], ids: c.ids }));
  }
  if (inner instanceof GraphQLEnumType) {
    return inner.getValues().map((v) => ({ value: v.name, ids: [] }));
  }
  if (inner instanceof GraphQLInputObjectType) {
    // The required fields at their first value, then each field at each of its values in turn.
    const fields = Object.values(inner.getFields());
    const base = fields.filter((f) => isNonNullType(f.type) && f.defaultValue === undefined).map((f) => [f.name, candidates(f.type, ids)[0]] as const);
    const variants: Array<Array<readonly [string, Value]>> = [base];
    for (const f of fields) {
      for (const c of candidates(f.type, ids)) {
        variants.push([...base.filter(([name]) => name !== f.name), [f.name, c]]);
      }
    }
    return variants.map((v) => ({ value: Object.fromEntries(v.map(([name, c]) => [name, c.value])), ids: v.flatMap(([, c]) => c.ids) }));
  }
  switch (inner.name) {
    case 'ID':
      return [...ids, NO_SUCH_ID].map((id) => ({ value: id, ids: [id] }));
    case 'String':
      return [
        { value: '', ids: [] },
        { value: 'a', ids: [] },
      ];
    case 'Int':
      return [{ value: 100, ids: [] }];
    case 'Boolean':
      return [
        { value: true, ids: [] },
        { value: false, ids: [] },
      ];
    case 'Date':
      return [{ value: '2099-12-31', ids: [] }];
    default:
      throw new Error(`The walk has no values for input type ${inner.name}; add some.`);
  }
}

/** One generated operation: a document (shared by many) and its variables. */
interface Operation {
  rootField: string;
  document: string;
  variables: Record<string, unknown>;
  /** IDs the variables name. */
  ids: string[];
}

/**
 * Operations for one root field: every combination of the required arguments' values, each with
 * no optional argument, then with one optional argument at a time set to each of its values.
 */
function operationsFor(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>, path: string, sel: string, ids: readonly string[]): Operation[] {
  const documentFor = (args: readonly GraphQLArgument[]): string => {
    const vars = args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
    const call = args.length === 0 ? field.name : `${field.name}(${args.map((a) => `${a.name}: $${a.name}`).join(', ')})`;
    return `${kind}${vars === '' ? '' : ` Walk(${vars})`} { ${call}${sel === '' ? '' : ` { ${sel} }`} }`;
  };
  const required = field.args.filter(isRequiredArgument);
  let combos: Array<{ variables: Record<string, unknown>; ids: string[] }> = [{ variables: {}, ids: [] }];
  for (const arg of required) {
    combos = combos.flatMap((c) => candidates(arg.type, ids).map((v) => ({ variables: { ...c.variables, [arg.name]: v.value }, ids: [...c.ids, ...v.ids] })));
  }
  const base = documentFor(required);
  const out: Operation[] = combos.map((c) => ({ rootField: path, document: base, ...c }));
  for (const arg of field.args.filter((a) => !isRequiredArgument(a))) {
    const document = documentFor([...required, arg]);
    for (const v of candidates(arg.type, ids)) {
      for (const c of combos) {
        out.push({ rootField: path, document, variables: { ...c.variables, [arg.name]: v.value }, ids: [...c.ids, ...v.ids] });
      }
    }
  }
  return out;
}

/** Every operation of the walk for a tenant with these IDs, and the paths they reach. */
function generate(schema: GraphQLSchema, ids: readonly string[]): { operations: Operation[]; paths: Set<string> } {
  const walk: Walk = { paths: new Set() };
  const operations: Operation[] = [];
  for (const [kind, root] of [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
  ] as const) {
    if (!root) {
      continue;
    }
    for (const field of Object.values(root.getFields())) {
      const named = getNamedType(field.type);
      const path = `${root.name}.${field.name}`;
      walk.paths.add(path);
      const sel = selection(schema, named, path, isLeafType(named) ? [] : [named.name], walk);
      operations.push(...operationsFor(kind, field, path, sel, ids));
    }
  }
  return { operations, paths: walk.paths };
}

/** Every ID of the tenant (of every type, and the team's), visible or not. */
function tenantIds(tenant: TenantConfig): string[] {
  const store = new DataStore(tenant);
  return [
    ...new Set([
      ...store.allTasks().map((t) => t.id),
      ...store.allFiles().map((f) => f.id),
      ...store.allUsers().map((u) => u.id),
      ...store.allGroups().map((g) => g.id),
      tenant.team.id,
    ]),
  ];
}

/** Objects of the tenant (and user IDs in USER file fields) in an answer that the model says the token may not see. */
function leaks(value: unknown, visible: VisibleIds, path = ''): string[] {
  if (Array.isArray(value)) {
    return value.flatMap((v, i) => leaks(v, visible, `${path}[${i}]`));
  }
  if (typeof value !== 'object' || value === null) {
    return [];
  }
  const record = value as Record<string, unknown>;
  const found: string[] = [];
  const typename = record.__typename;
  if (typeof typename === 'string' && isEntityType(typename)) {
    if (typeof record.id !== 'string') {
      found.push(`${path}: ${typename} without id`);
    } else if (!visible[typename].has(record.id)) {
      found.push(`${path}: ${typename} ${record.id}`);
    }
  }
  // A file field of type USER names a user: a reference too.
  if (typename === 'FileField' && record.type === 'USER' && typeof record.value === 'string' && !visible.User.has(record.value)) {
    found.push(`${path}: FileField naming User ${record.value}`);
  }
  for (const [k, v] of Object.entries(record)) {
    found.push(...leaks(v, visible, path === '' ? k : `${path}.${k}`));
  }
  return found;
}

interface Answer {
  data?: unknown;
  errors?: Array<{ message: string; code?: unknown }>;
}

/** Error codes an operation may legitimately end with (bad input, or an ID the token cannot see). */
const EXPECTED_ERROR_CODES = new Set(['BAD_USER_INPUT', 'NOT_FOUND']);

const principalsOf: Array<[string, () => TenantConfig, string[]]> = [
  ['demo tenant', demoTenant, ['alice', 'bob', 'carol', 'team']],
  ['tenant with hidden users', hiddenUserTenant, ['ann', 'ben', 'cat', 'dan', 'eve', 'team']],
];

describe('sandbox visibility: every path from every root field, for every principal', function () {
  this.timeout(120_000);
  const schema = createSandboxSchema();

  for (const [tenantName, tenantOf, principals] of principalsOf) {
    const { operations, paths } = generate(schema, tenantIds(tenantOf()));

    describe(tenantName, () => {
      it(`generates valid operations (${paths.size} field paths, ${operations.length} operations per principal)`, () => {
        const rootFields = [
          ...Object.keys(schema.getQueryType()?.getFields() ?? {}).map((f) => `Query.${f}`),
          ...Object.keys(schema.getMutationType()?.getFields() ?? {}).map((f) => `Mutation.${f}`),
        ];
        assert.deepEqual([...new Set(operations.map((o) => o.rootField))].sort(), rootFields.sort(), 'every root field is walked');
        for (const [typeName, type] of Object.entries(schema.getTypeMap())) {
          if (type instanceof GraphQLObjectType && !typeName.startsWith('__')) {
            for (const field of Object.keys(type.getFields())) {
              assert.ok(
                [...paths].some((p) => p.endsWith(`.${field}`)),
                `${typeName}.${field} is reached`,
              );
            }
          }
        }
        // The side doors among them: nested fields that must follow the same rules as lookups by ID.
        for (const path of [
          'Query.tasks.edges.node.group.members',
          'Query.tasks.edges.node.owner.groups',
          'Query.users.groups.members.groups',
          'Query.files.edges.node.owner.assignedTasks',
          'Mutation.assignTask.assignees.groups',
        ]) {
          assert.ok(paths.has(path), path);
        }
        for (const document of new Set(operations.map((o) => o.document))) {
          assert.deepEqual(validate(schema, parse(document)), [], document.slice(0, 300));
        }
      });

      for (const principal of principals) {
        it(`${principal}: no invisible object in any answer, and invisible IDs read as unknown ones`, async () => {
          const tenant = tenantOf();
          const store = new DataStore(tenant);
          const viewer = viewerOf(tenant, principal);
          const documents = new Map<string, DocumentNode>();
          const run = async (document: string, variables: Record<string, unknown>): Promise<Answer> => {
            let parsed = documents.get(document);
            if (parsed === undefined) {
              parsed = parse(document);
              documents.set(document, parsed);
            }
            const context = createGraphqlContext(store, viewer, tenant, () => Date.UTC(2025, 2, 1));
            const result = await execute({ schema, document: parsed, variableValues: variables, contextValue: context });
            // Through JSON, as the endpoint sends it (graphql-js builds objects without prototype).
            return JSON.parse(
              JSON.stringify({
                ...(result.data === undefined ? {} : { data: result.data }),
                ...(result.errors === undefined ? {} : { errors: result.errors.map((e) => ({ message: e.message, code: e.extensions?.code })) }),
              }),
            ) as Answer;
          };
          const problems: string[] = [];
          const describeOp = (op: Operation) => `${op.rootField} ${JSON.stringify(op.variables)}`;
          let objectsSeen = 0;
          // In schema order: queries first, then mutations, on one store, as a client would.
          for (const op of operations) {
            const answer = await run(op.document, op.variables);
            const visible = new Visibility(store, viewer).visibleIds();
            const found = leaks(answer.data, visible);
            if (found.length > 0) {
              problems.push(`${describeOp(op)} leaks ${found.slice(0, 5).join('; ')}`);
            }
            objectsSeen += JSON.stringify(answer.data ?? null).split('"__typename"').length - 1;
            for (const e of answer.errors ?? []) {
              if (!EXPECTED_ERROR_CODES.has(String(e.code))) {
                problems.push(`${describeOp(op)}: unexpected error (${String(e.code)}): ${e.message}`);
              }
            }
            const visibleIds = new Set([...visible.Task, ...visible.File, ...visible.User, ...visible.Group]);
            for (const id of new Set(op.ids)) {
              if (visibleIds.has(id) || id === NO_SUCH_ID) {
                continue;
              }
              // The same operation with the invisible ID replaced by one that names nothing.
              const swap = (text: string) => text.split(JSON.stringify(id)).join(JSON.stringify(NO_SUCH_ID));
              const twin = await run(op.document, JSON.parse(swap(JSON.stringify(op.variables))) as Record<string, unknown>);
              const normalized = JSON.parse(JSON.stringify(answer).split(`\\"${id}\\"`).join(`\\"${NO_SUCH_ID}\\"`)) as Answer;
              if (!isDeepStrictEqual(normalized, twin)) {
                problems.push(
                  `${describeOp(op)} answers differently for the invisible ID ${id} than for an unknown one:\n    ${JSON.stringify(answer).slice(0, 300)}\n    ${JSON.stringify(twin).slice(0, 300)}`,
                );
              }
            }
          }
          assert.ok(objectsSeen > 0, 'the walk saw objects');
          assert.deepEqual(problems.slice(0, 10), [], `${problems.length} problems`);
        });
      }
    });
  }
});
