import './register';
import { strict as assert } from 'node:assert';
import { fake, resetFake, Uri } from './vscodeFake';
import { copyRunAsCurl, copyRunAsFetch, saveRunAsHttp } from '../../../src/run/commands/exportRun';
import type { RunCommandServices } from '../../../src/run/commands/runCommand';
import { parseEnvironments, type Environment } from '../../../src/core/auth/environments';
import type { SentRequest } from '../../../src/core/run/exportRun';

/**
 * Export Operation writes an environment's name, server and headers into a command the person
 * pastes and runs, without running anything itself: for an environment a workspace's settings
 * define, only once the person allowed it (the question the sign-in and Run ask), never silently.
 */
describe('glue: an export of a workspace-defined environment asks first, as the sign-in does', () => {
  const entry = { name: 'Staging', authUrl: 'https://auth.staging.test', baseUrl: 'https://api.staging.test', clientId: 'c', headers: { 'X-Tenant': 'acme' } };
  const [fromWorkspace] = parseEnvironments([entry], 'workspace').environments;
  const [fromUser] = parseEnvironments([entry], 'user').environments;
  const asked: string[] = [];
  let allow = false;

  function servicesFor(target: Environment): RunCommandServices {
    const sent: SentRequest = {
      endpoint: 'https://api.staging.test/v1/graphql',
      query: '{ me { id } }',
      environment: target.name,
      headers: [{ name: 'X-Tenant', value: 'acme' }],
      target,
    };
    return {
      controller: { request: async () => sent, lastSent: sent },
      accessToken: async () => 'TOKEN',
      ensureAllowed: async (env: Environment, action: string) => {
        asked.push(`${env.name} (${env.origin}): ${action}`);
        return allow;
      },
    } as unknown as RunCommandServices;
  }
  const exportOperation = { uri: Uri.file('/work/repo/q.graphql'), operationName: 'Me', includeToken: false as const };

  beforeEach(() => {
    resetFake();
    asked.length = 0;
    allow = false;
  });

  it('Export Operation as cURL of a workspace environment the person declines: asked once, nothing copied', async () => {
    assert.equal(await copyRunAsCurl.run(servicesFor(fromWorkspace), exportOperation), undefined);
    assert.deepEqual(asked, ['Staging (workspace): Exporting operations']);
    assert.equal(fake.clipboard, '');
  });

  it('as fetch and as .http too: declined, nothing copied or saved', async () => {
    assert.equal(await copyRunAsFetch.run(servicesFor(fromWorkspace), exportOperation), undefined);
    assert.equal(await saveRunAsHttp.run(servicesFor(fromWorkspace), { ...exportOperation, target: Uri.file('/work/repo/out.http') }), undefined);
    assert.equal(asked.length, 2);
    assert.equal(fake.clipboard, '');
  });

  it('once allowed, the export is copied', async () => {
    allow = true;
    assert.equal(await copyRunAsCurl.run(servicesFor(fromWorkspace), exportOperation), true);
    assert.equal(asked.length, 1);
    assert.ok(fake.clipboard.includes('https://api.staging.test/v1/graphql'));
  });

  it("the person's own environment is exported without a question", async () => {
    assert.equal(await copyRunAsCurl.run(servicesFor(fromUser), exportOperation), true);
    assert.deepEqual(asked, []);
    assert.ok(fake.clipboard.includes('https://api.staging.test/v1/graphql'));
  });
});
