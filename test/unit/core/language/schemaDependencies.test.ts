import assert from 'node:assert/strict';
import fc from 'fast-check';
import { buildSchema, parse, type DefinitionNode, type GraphQLError, type GraphQLSchema } from 'graphql';
import { validateReusing } from '../../../../src/core/language/validationReuse';
import { validateWhole, type ValidationResult } from '../../../../src/core/language/validationRules';

/** A schema as a model that random changes edit, printed to SDL. */
interface Field {
  name: string;
  type: string;
  args: { name: string; type: string; default?: string; deprecated?: boolean }[];
  deprecated?: boolean;
}
interface TypeModel {
  kind: 'type' | 'interface' | 'union' | 'enum' | 'input' | 'scalar';
  name: string;
  fields: Field[];
  interfaces: string[];
  members: string[];
  values: { name: string; deprecated?: boolean }[];
  oneOf?: boolean;
}
interface SchemaModel {
  types: TypeModel[];
  directiveLocations: string[];
}

const t = (kind: TypeModel['kind'], name: string, rest: Partial<TypeModel> = {}): TypeModel => ({ kind, name, fields: [], interfaces: [], members: [], values: [], ...rest });
const f = (name: string, type: string, args: Field['args'] = [], deprecated?: boolean): Field => ({ name, type, args, deprecated });

function baseModel(): SchemaModel {
  return {
    directiveLocations: ['FIELD', 'FRAGMENT_SPREAD'],
    types: [
      t('interface', 'Node', { fields: [f('id', 'ID!')] }),
      t('interface', 'Named', { fields: [f('name', 'String')] }),
      t('type', 'Task', {
        interfaces: ['Node', 'Named'],
        fields: [
          f('id', 'ID!'),
          f('name', 'String'),
          f('status', 'Status'),
          f('tags', '[String!]', [{ name: 'first', type: 'Int', default: '10' }]),
          f('owner', 'User'),
          f('old', 'String', [], true),
        ],
      }),
      t('type', 'User', { interfaces: ['Node'], fields: [f('id', 'ID!'), f('name', 'Int'), f('login', 'String'), f('tasks', '[Task!]', [{ name: 'status', type: 'Status' }])] }),
      t('type', 'Team', { interfaces: ['Node'], fields: [f('id', 'ID!'), f('members', '[User!]')] }),
      t('union', 'Item', { members: ['Task', 'User'] }),
      t('enum', 'Status', { values: [{ name: 'OPEN' }, { name: 'DONE' }, { name: 'OLD', deprecated: true }] }),
      t('input', 'TaskInput', { fields: [f('name', 'String!'), f('status', 'Status', [])] }),
      t('input', 'Pick', { oneOf: true, fields: [f('id', 'ID'), f('name', 'String')] }),
      t('scalar', 'Date'),
      t('type', 'Query', {
        fields: [
          f('node', 'Node', [{ name: 'id', type: 'ID!' }]),
          f('item', 'Item', [{ name: 'pick', type: 'Pick' }]),
          f('tasks', '[Task!]', [
            { name: 'status', type: 'Status' },
            { name: 'since', type: 'Date' },
          ]),
          f('me', 'User'),
        ],
      }),
      t('type', 'Mutation', { fields: [f('addTask', 'Task', [{ name: 'input', type: 'TaskInput!' }])] }),
      t('type', 'Subscription', { fields: [f('taskAdded', 'Task'), f('taskRemoved', 'Task')] }),
    ],
  };
}

function printModel(model: SchemaModel): string {
  const dep = (d?: boolean) => (d ? ' @deprecated' : '');
  const args = (a: Field['args']) =>
    a.length === 0 ? '' : `(${a.map((x) => `${x.name}: ${x.type}${x.default !== undefined ? ` = ${x.default}` : ''}${dep(x.deprecated && !x.type.endsWith('!'))}`).join(', ')})`;
  const out = [`directive @cached(ttl: Int) on ${model.directiveLocations.join(' | ')}`];
  for (const type of model.types) {
    switch (type.kind) {
      case 'type':
      case 'interface': {
        const impl = type.interfaces.length > 0 ? ` implements ${type.interfaces.join(' & ')}` : '';
        out.push(`${type.kind} ${type.name}${impl} { ${type.fields.map((x) => `${x.name}${args(x.args)}: ${x.type}${dep(x.deprecated)}`).join(' ') || '_empty: Int'} }`);
        break;
      }
      case 'union':
        out.push(`union ${type.name} = ${type.members.join(' | ') || 'Task'}`);
        break;
      case 'enum':
        out.push(`enum ${type.name} { ${type.values.map((v) => `${v.name}${dep(v.deprecated)}`).join(' ') || 'NONE'} }`);
        break;
      case 'input':
        out.push(
          `input ${type.name}${type.oneOf ? ' @oneOf' : ''} { ${type.fields.map((x) => `${x.name}: ${x.type}${dep(x.deprecated && !x.type.endsWith('!'))}`).join(' ') || '_empty: Int'} }`,
        );
        break;
      case 'scalar':
        out.push(`scalar ${type.name}`);
        break;
    }
  }
  return out.join('\n');
}

function build(model: SchemaModel): GraphQLSchema {
  // assumeValid: a change may break a rule of the type system (an interface field removed); graphql validates documents against it anyway.
  return buildSchema(printModel(model), { assumeValid: true, assumeValidSDL: true });
}

const FIELD_NAMES = ['name', 'status', 'login', 'id', 'owner', 'extra', 'title'];
const TYPE_NAMES = ['String', 'Int', 'ID!', 'Status', 'User', 'Task', '[Task!]', 'Date', 'Node', 'Item'];

/** One random change of the model (what a new schema version brings). */
const change = fc.record({
  op: fc.integer({ min: 0, max: 13 }),
  type: fc.nat(),
  item: fc.nat(),
  name: fc.constantFrom(...FIELD_NAMES),
  fieldType: fc.constantFrom(...TYPE_NAMES),
});

function applyChange(model: SchemaModel, c: { op: number; type: number; item: number; name: string; fieldType: string }): void {
  const of = (kinds: TypeModel['kind'][]) => model.types.filter((x) => kinds.includes(x.kind));
  const pick = <T>(list: T[]): T | undefined => (list.length === 0 ? undefined : list[c.type % list.length]);
  const composite = pick(of(['type', 'interface']));
  const field = composite?.fields[c.item % Math.max(1, composite.fields.length)];
  switch (c.op) {
    case 0: // a field removed
      composite?.fields.splice(c.item % Math.max(1, composite.fields.length), 1);
      break;
    case 1: // a field added
      if (composite && !composite.fields.some((x) => x.name === c.name)) {
        composite.fields.push(f(c.name, c.fieldType));
      }
      break;
    case 2: // a field's type changed
      if (field) {
        field.type = c.fieldType;
      }
      break;
    case 3: // a deprecation toggled
      if (field) {
        field.deprecated = !field.deprecated;
      }
      break;
    case 4: // an argument added or removed
      if (field && field.args.length > 0) {
        field.args.pop();
      } else {
        field?.args.push({ name: 'status', type: 'Status' });
      }
      break;
    case 5: // an argument required, or its default changed
      if (field?.args[0]) {
        field.args[0].type = field.args[0].type.endsWith('!') ? field.args[0].type.slice(0, -1) : `${field.args[0].type}!`;
        field.args[0].default = field.args[0].default === undefined ? undefined : String(c.item % 5);
      }
      break;
    case 6: {
      // an enum value added or removed, or its deprecation toggled
      const values = of(['enum'])[0].values;
      if (c.item % 3 === 0) {
        values.push({ name: `V${c.item % 4}` });
      } else if (c.item % 3 === 1) {
        values.splice(c.item % values.length, 1);
      } else if (values.length > 0) {
        values[c.item % values.length].deprecated = !values[c.item % values.length].deprecated;
      }
      break;
    }
    case 7: {
      // a union member added or removed
      const union = of(['union'])[0];
      const member = ['Task', 'User', 'Team'][c.item % 3];
      union.members = union.members.includes(member) ? union.members.filter((m) => m !== member) : [...union.members, member];
      break;
    }
    case 8: {
      // an interface implemented or not any more
      const object = pick(of(['type']).filter((x) => !['Query', 'Mutation', 'Subscription'].includes(x.name)));
      const iface = ['Node', 'Named'][c.item % 2];
      if (object) {
        object.interfaces = object.interfaces.includes(iface) ? object.interfaces.filter((i) => i !== iface) : [...object.interfaces, iface];
      }
      break;
    }
    case 9: // a new type (the type map changes: suggestions)
      if (!model.types.some((x) => x.name === ['Extra', 'Nopes', 'Tasks'][c.item % 3])) {
        model.types.push(t('type', ['Extra', 'Nopes', 'Tasks'][c.item % 3], { fields: [f('id', 'ID!')] }));
      }
      break;
    case 10: // the directive's locations
      model.directiveLocations = model.directiveLocations.length > 1 ? ['FIELD'] : ['FIELD', 'FRAGMENT_SPREAD', 'INLINE_FRAGMENT'];
      break;
    case 11: {
      // an input field changed
      const input = pick(of(['input']));
      if (input) {
        input.oneOf = c.item % 2 === 0 ? !input.oneOf : input.oneOf;
        if (c.item % 2 === 1) {
          input.fields.push(f(c.name, c.fieldType.replace('!', '')));
        }
      }
      break;
    }
    case 12: // a field renamed
      if (field && !composite?.fields.some((x) => x.name === c.name)) {
        field.name = c.name;
      }
      break;
    default: // nothing validation can see (a field added to a type no document reaches)
      model.types.find((x) => x.name === 'Team')?.fields.push(f(`unused${c.item % 5}`, 'String'));
  }
}

/** Definitions meeting most rules: errors with suggestions, abstract types, variables, enums, input objects, directives, deprecations. */
const POOL = [
  'query A { tasks { ...TaskName ...TaskStatus } }',
  'query B($s: Status) { tasks(status: $s) { ...TaskName name: status tags(first: 2) } }',
  'query C { item { ... on Task { ...TaskName } ... on User { ...UserName } ... on Team { id } } }',
  'query D { item(pick: { id: "1" }) { ...TaskName ...UserName } }',
  '{ tasks(since: "2020") { id old } }',
  '{ me { id nam login tasks(status: OLD) { status } } }',
  'query E($unused: Int) { tasks { old status titel } }',
  'query F { tasks(status: DONE) { id x: name x: status } }',
  'query G($id: ID!) { node(id: $id) { id ... on Named { name } ... on User { login } } }',
  'mutation H($input: TaskInput!) { addTask(input: $input) { ...TaskName } }',
  'mutation H2 { addTask(input: { name: "x", status: OPEN, extra: 1 }) { id } }',
  'subscription I { taskAdded { id } }',
  'query J { node(id: 1) @cached(ttl: 1) { ...NodeId @cached } }',
  'query K($v: Nope, $n: Node) { tasks { id ... on Nop { x } } }',
  'query L($p: Pick) { item(pick: $p) { __typename } me { name } }',
  'fragment TaskName on Task { name owner { login } }',
  'fragment TaskStatus on Task { status name: id }',
  'fragment UserName on User { name login }',
  'fragment NodeId on Node { id }',
  'fragment Conflict on Item { ... on Task { value: name } ... on User { value: name } }',
  'fragment OnNamed on Named { ... on Team { id } }',
];

/** A result as the editor shows it: each error's message and the places of its nodes, in order. */
function shown(result: ValidationResult | Error): unknown {
  if (result instanceof Error) {
    return `throws ${result.message}`;
  }
  const view = (errors: readonly GraphQLError[]) => errors.map((e) => `${e.message} @ ${(e.nodes ?? []).map((n) => `${n.loc?.start}-${n.loc?.end}`).join(',')}`);
  return { errors: view(result.errors), deprecations: view(result.deprecations) };
}

function attempt(run: () => ValidationResult): ValidationResult | Error {
  try {
    return run();
  } catch (err) {
    return err as Error;
  }
}

describe('validation reused across schema versions (schemaDependencies)', () => {
  it('property: after random schema changes, every document validates exactly as whole validation against the new version', () => {
    let reused = 0;
    let validatedAgain = 0;
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.constantFrom(...POOL), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.array(change, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 }),
        (documents, versions) => {
          const model = baseModel();
          const parsed = documents.map((parts) => parse(parts.join('\n')).definitions as readonly DefinitionNode[]);
          let schema = build(model);
          for (const definitions of parsed) {
            assert.deepEqual(shown(attempt(() => validateReusing(schema, definitions))), shown(attempt(() => validateWhole(schema, definitions))));
          }
          for (const changes of versions) {
            for (const c of changes) {
              applyChange(model, c);
            }
            schema = build(model);
            for (const definitions of parsed) {
              const ours = attempt(() => validateReusing(schema, definitions));
              assert.deepEqual(shown(ours), shown(attempt(() => validateWhole(schema, definitions))), printModel(model));
              if (!(ours instanceof Error)) {
                if (ours.reused) {
                  reused++;
                } else {
                  validatedAgain++;
                }
              }
            }
          }
        },
      ),
      { numRuns: 300 },
    );
    // Both ways were taken many times: the property says something about each.
    assert.ok(reused > 100 && validatedAgain > 100, `reused ${reused}, validated again ${validatedAgain}`);
  });

  it('reuses a result only for the same nodes: an edited document is validated again', () => {
    const schema = build(baseModel());
    const first = parse('query A { tasks { nam } }').definitions;
    assert.equal(validateReusing(schema, first).reused, undefined);
    assert.equal(validateReusing(build(baseModel()), first).reused, true);
    const edited = parse('query A { tasks { name } }').definitions;
    const again = validateReusing(build(baseModel()), edited);
    assert.equal(again.reused, undefined);
    assert.equal(again.errors.length, 0);
  });

  it('validates again a document that uses what changed, and keeps the result of one that does not', () => {
    const model = baseModel();
    const usesOwner = parse('query A { tasks { owner { login } } }').definitions;
    const usesTeam = parse('query B { node(id: 1) { ... on Team { id } } }').definitions;
    validateReusing(build(model), usesOwner);
    validateReusing(build(model), usesTeam);
    // User.login removed: the first document breaks; the second reads nothing of User.
    model.types.find((x) => x.name === 'User')!.fields = model.types.find((x) => x.name === 'User')!.fields.filter((x) => x.name !== 'login');
    const next = build(model);
    const a = validateReusing(next, usesOwner);
    assert.equal(a.reused, undefined);
    assert.match(a.errors[0]?.message ?? '', /Cannot query field "login" on type "User"/);
    const b = validateReusing(next, usesTeam);
    assert.equal(b.reused, true, 'B reads Query, Node and Team, none of which changed');
    assert.deepEqual(b.errors, []);
  });

  it("keeps no stack trace of its errors (V8's captured frames kept each validation's context alive with the result), and restores the stack trace limit", () => {
    const limit = Error.stackTraceLimit;
    const schema = build(baseModel());
    const { errors } = validateReusing(schema, parse('query A { tasks { nam } } query A { tasks { id } }').definitions);
    assert.ok(errors.length >= 2, JSON.stringify(errors));
    for (const error of errors) {
      // Only the head line: no "    at ..." frame was captured.
      assert.equal(error.stack, `GraphQLError: ${error.message}`);
    }
    // The same errors, messages and places as graphql's (whose errors carry their stacks).
    assert.deepEqual(
      errors.map((e) => [e.message, e.locations]),
      validateWhole(schema, parse('query A { tasks { nam } } query A { tasks { id } }').definitions).errors.map((e) => [e.message, e.locations]),
    );
    assert.equal(Error.stackTraceLimit, limit);
    assert.match(new Error('after').stack ?? '', /\n\s+at /);
  });
});
