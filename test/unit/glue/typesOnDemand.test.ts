import './register';
import { strict as assert } from 'node:assert';
import { EventEmitter, fake, fakeExtensionContext, resetFake, Uri, workspace } from './vscodeFake';
import { TYPES_COMMAND_IDS, TypesFeature, type TypesCode } from '../../../src/codegen';
import type { Logger } from '../../../src/core/logger';

type Deps = ConstructorParameters<typeof TypesFeature>[0];

/** The types feature's code as the on-demand bundle gives it: a service that records what it is asked. */
function fakeCode(log: string[]): { load: () => TypesCode; loads: () => number } {
  let loads = 0;
  class Service {
    constructor() {
      log.push('made');
    }
    start(): void {
      log.push('start');
    }
    dispose(): void {
      log.push('dispose');
    }
  }
  const code = {
    TypesGenerationService: Service,
    typesCommands: [{ id: 'tenantGraphql.copyTypescriptTypes', run: ({ types }: { types: unknown }) => (types instanceof Service ? 'copied' : 'no service') }],
    typesHover: (types: unknown, _d: unknown, _p: unknown) => Promise.resolve(types instanceof Service ? 'hover' : undefined),
  } as unknown as TypesCode;
  return {
    load: () => {
      loads += 1;
      return code;
    },
    loads: () => loads,
  };
}

// The build's flag (scripts/build.mjs): no test API here.
(globalThis as { __TEST_API__?: boolean }).__TEST_API__ = false;

describe('glue: the types feature loads its code on first use', () => {
  const logger: Logger = { trace: () => undefined, debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
  let settings: { problems: string[]; schemaWriteTo?: string; codegen?: unknown };
  const changed = new EventEmitter<void>();
  beforeEach(() => {
    resetFake();
    workspace.workspaceFolders = [{ uri: Uri.file('/work/repo'), name: 'repo', index: 0 }];
    settings = { problems: [] };
  });

  const feature = (log: string[]) => {
    const loaded = fakeCode(log);
    const deps = {
      context: fakeExtensionContext(),
      config: { folderTypes: () => settings, onDidChangeFolderTypes: changed.event },
      schemas: {},
      language: {},
      logger,
      load: loaded.load,
    } as unknown as Deps;
    return { types: new TypesFeature(deps), loads: loaded.loads };
  };

  it('without types settings, starts with nothing loaded; the first hover or command loads it, once', async () => {
    const log: string[] = [];
    const { types, loads } = feature(log);
    assert.deepEqual([...fake.registered.keys()], TYPES_COMMAND_IDS);
    types.start();
    assert.equal(loads(), 0);
    assert.deepEqual(log, []);
    assert.equal(await fake.hovers[0].provideHover({}, {}), 'hover');
    assert.equal(await fake.registered.get('tenantGraphql.copyTypescriptTypes')!(), 'copied');
    assert.deepEqual(log, ['made', 'start'], 'one service, made after the start: started at once, it follows the settings from then on');
    types.dispose();
    assert.deepEqual(log, ['made', 'start', 'dispose']);
  });

  it('a hover before the start makes the service without starting it; the start starts it, once', async () => {
    const log: string[] = [];
    const { types, loads } = feature(log);
    assert.equal(await fake.hovers[0].provideHover({}, {}), 'hover');
    assert.deepEqual(log, ['made'], 'the workspace index is not built yet: not started');
    settings = { problems: [], codegen: {} };
    changed.fire();
    assert.deepEqual(log, ['made'], 'a settings change before the start starts nothing');
    types.start();
    assert.deepEqual(log, ['made', 'start']);
    changed.fire();
    assert.equal(await fake.registered.get('tenantGraphql.copyTypescriptTypes')!(), 'copied');
    assert.deepEqual(log, ['made', 'start'], 'once started, the service follows the settings itself');
    assert.equal(loads() > 0, true);
    types.dispose();
  });

  it('with types settings (or settings with a problem to tell), loads and starts at start', () => {
    for (const at of [{ problems: [], schemaWriteTo: 'schema.graphql' }, { problems: [], codegen: {} }, { problems: ['bad'] }]) {
      const log: string[] = [];
      settings = at;
      const { types } = feature(log);
      types.start();
      assert.deepEqual(log, ['made', 'start'], JSON.stringify(at));
      types.dispose();
    }
  });

  it('types turned on after the start: loads and starts then; a change before the start or with nothing on loads nothing', () => {
    const log: string[] = [];
    const { types, loads } = feature(log);
    settings = { problems: [], codegen: {} };
    changed.fire();
    assert.equal(loads(), 0, 'before the start: start() decides');
    settings = { problems: [] };
    types.start();
    changed.fire();
    assert.equal(loads(), 0);
    settings = { problems: [], schemaWriteTo: 'schema.graphql' };
    changed.fire();
    assert.deepEqual(log, ['made', 'start']);
    changed.fire();
    assert.deepEqual(log, ['made', 'start'], 'once loaded, the service follows the settings itself');
    types.dispose();
  });
});
