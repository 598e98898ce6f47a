import './register';
import { strict as assert } from 'node:assert';
import { mock } from 'node:test';
import { documentSaved, EventEmitter, resetFake, Uri } from './vscodeFake';
import { TypesGenerationService } from '../../../src/codegen/typesFeature';
import type { Logger } from '../../../src/core/logger';

type Args = ConstructorParameters<typeof TypesGenerationService>;

describe('glue: the types service generates nothing before its start', () => {
  const logger: Logger = { trace: () => undefined, debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
  beforeEach(() => {
    resetFake();
    mock.timers.enable({ apis: ['setTimeout'] });
  });
  afterEach(() => mock.timers.reset());

  it('made early (a hover before the workspace index is built): settings, schema, validation and save events schedule no type generation until start() (schema files need no index: not asked here)', () => {
    // What the service asks when it works out what to generate: each folder's settings, then its schema.
    const asked: string[] = [];
    const typesChanged = new EventEmitter<void>();
    const schemaChanged = new EventEmitter<void>();
    const versionChanged = new EventEmitter<void>();
    const validated = new EventEmitter<void>();
    const config = {
      folderTypes: () => {
        asked.push('settings');
        return { problems: [], codegen: { graphqlFiles: true } };
      },
      onDidChangeFolderTypes: typesChanged.event,
    };
    const schemas = {
      environment: { onDidChangeSchema: new EventEmitter<void>().event },
      onDidChangeVersion: versionChanged.event,
      onDidChange: schemaChanged.event,
      current: () => undefined,
      schemaFor: () => {
        asked.push('schema');
        return undefined;
      },
      sourceOf: () => undefined,
    };
    const language = { fragments: { all: () => [], uris: () => [], texts: () => [] }, onDidValidateWorkspace: validated.event, graphqlAt: () => undefined };
    const context = { globalStorageUri: { fsPath: '/tmp/tenant-graphql-unit' }, extensionPath: '/tmp/tenant-graphql-unit' };
    const service = new TypesGenerationService(...([context, config, schemas, language, logger] as unknown as Args));
    try {
      typesChanged.fire();
      schemaChanged.fire();
      versionChanged.fire();
      validated.fire();
      documentSaved.fire({ uri: Uri.file('/work/repo/a.graphql') });
      mock.timers.tick(60_000);
      assert.deepEqual(asked, [], 'nothing generated, nothing scheduled before the start');

      service.start();
      mock.timers.tick(0);
      assert.deepEqual(asked, ['settings', 'schema'], 'the start generates every enabled folder');

      asked.length = 0;
      typesChanged.fire();
      mock.timers.tick(60_000);
      assert.deepEqual(asked, ['settings', 'schema'], 'after the start, a settings change generates again');

      asked.length = 0;
      documentSaved.fire({ uri: Uri.file('/work/repo/a.graphql') });
      assert.deepEqual(asked, ['settings', 'schema'], 'and a save looks for its folder');
    } finally {
      service.dispose();
    }
  });
});
