import * as assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { GraphqlHttpClient } from '../../../../src/core/http/graphqlClient';
import { requestBody, shellQuote, toCurl, toFetch, toHttpFile, TOKEN_VARIABLE, type SentRequest } from '../../../../src/core/run/exportRun';
import { startSandbox, type RunningSandbox } from '../../../../src/sandbox/index';
import { memoryLogger } from '../http/scriptedServer';

const QUERY = `# It's "quoted", with a backslash \\ and unicode: café ✓
query Tasks($first: Int!) {
  tasks(first: $first) { edges { node { id name } } }
}`;

async function teamToken(sandbox: RunningSandbox): Promise<string> {
  const client = sandbox.clients.find((c) => c.grants.includes('client_credentials') && c.clientSecret)!;
  const res = await fetch(`${sandbox.baseUrl}/v1/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret!, scope: 'tasks:read' }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

describe('exporting a run', () => {
  const request: SentRequest = {
    endpoint: 'https://api.example.test/v1/graphql',
    query: QUERY,
    operationName: 'Tasks',
    variables: { first: 2, name: "O'Brien" },
    environment: 'Production',
  };

  it('quotes any text for a POSIX shell so that the shell gives it back unchanged', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => {
        const clean = text.replace(/\0/g, '');
        assert.equal(execFileSync('bash', ['-c', `printf %s ${shellQuote(clean)}`], { encoding: 'utf8' }), clean);
      }),
      { numRuns: 150, seed: 3 },
    );
  });

  it('writes the token as $TENANT_GRAPHQL_TOKEN with a word on how to get one, unless one is given', () => {
    for (const text of [toCurl(request), toFetch(request), toHttpFile(request)]) {
      assert.ok(text.includes(TOKEN_VARIABLE));
      assert.match(text, /an access token for "Production"/);
    }
    const secret = 'eyJ.secret.token';
    for (const text of [toCurl(request, secret), toFetch(request, secret), toHttpFile(request, secret)]) {
      assert.ok(text.includes(secret));
      assert.ok(!text.includes(TOKEN_VARIABLE));
    }
  });

  it('writes an HTTP-file request: request line, headers, blank line, the query, blank line, the variables', () => {
    const text = toHttpFile(request);
    const lines = text.split('\n');
    const at = lines.indexOf('POST https://api.example.test/v1/graphql');
    assert.ok(at > 0);
    assert.deepEqual(lines.slice(at + 1, at + 5), ['Content-Type: application/json', 'Authorization: Bearer {{token}}', 'X-REQUEST-TYPE: GraphQL', '']);
    assert.ok(text.includes(`${QUERY}\n\n{\n  "first": 2,\n  "name": "O'Brien"\n}\n`));
  });

  it('the fetch call sends the same JSON body as the run', () => {
    const text = toFetch(request, 't');
    const literal = /body: JSON\.stringify\(([\s\S]*)\),\n\}\);/.exec(text)?.[1];
    assert.ok(literal);
    assert.equal(JSON.stringify(JSON.parse(literal)), requestBody(request));
  });

  describe('replayed against the Sandbox', function () {
    this.timeout(30_000);
    let sandbox: RunningSandbox;
    before(async () => {
      sandbox = await startSandbox({ quiet: true });
    });
    after(async () => {
      await sandbox?.close();
    });

    it('the cURL command of a run, run by bash with the token in the environment, returns the body the run got', async () => {
      const token = await teamToken(sandbox);
      const client = new GraphqlHttpClient({ logger: memoryLogger().logger });
      try {
        const sent: SentRequest = {
          endpoint: `${sandbox.baseUrl}/v1/graphql`,
          query: QUERY,
          operationName: 'Tasks',
          variables: { first: 2, name: "O'Brien" },
          environment: 'Sandbox',
        };
        const run = await client.execute({ baseUrl: sandbox.baseUrl, query: sent.query, operationName: sent.operationName, variables: sent.variables, token: async () => token });
        assert.equal(run.status, 200);
        // Asynchronously: the Sandbox answering curl runs in this process.
        const { stdout: replayed } = await promisify(execFile)('bash', ['-c', toCurl(sent)], {
          encoding: 'utf8',
          timeout: 20_000,
          env: { ...process.env, [TOKEN_VARIABLE]: token },
        });
        assert.deepEqual(JSON.parse(replayed), run.body);
        assert.ok((run.body as { data?: unknown }).data, 'a real answer, not an error');
      } finally {
        await client.close();
      }
    });
  });
});
