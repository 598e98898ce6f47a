import * as assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { GraphqlHttpClient } from '../../../../src/core/http/graphqlClient';
import { exportHeaders, headerVariable, requestBody, shellQuote, toCurl, toFetch, toHttpFile, TOKEN_VARIABLE, type SentRequest } from '../../../../src/core/run/exportRun';
import { startSandbox, type RunningSandbox } from '../../../../src/sandbox/index';
import { memoryLogger, startScriptedServer } from '../http/scriptedServer';

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
      assert.match(text, /an access token for ["']Production["']/);
    }
    const secret = 'eyJ.secret.token';
    for (const text of [toCurl(request, secret), toFetch(request, secret), toHttpFile(request, secret)]) {
      assert.ok(text.includes(secret));
      assert.ok(!text.includes(TOKEN_VARIABLE));
    }
  });

  it('writes an HTTP-file request: request line, headers, blank line, the JSON body the run sent', () => {
    const text = toHttpFile(request);
    const lines = text.split('\n');
    const at = lines.indexOf('POST https://api.example.test/v1/graphql');
    assert.ok(at > 0);
    assert.deepEqual(lines.slice(at + 1, at + 4), ['Content-Type: application/json', 'Authorization: Bearer {{token}}', '']);
    assert.equal(lines.slice(at + 4).join('\n'), `${JSON.stringify(JSON.parse(requestBody(request)), null, 2)}\n`);
  });

  it('the fetch call sends the same JSON body as the run', () => {
    const text = toFetch(request, 't');
    const literal = /body: JSON\.stringify\(([\s\S]*)\),\n\}\);/.exec(text)?.[1];
    assert.ok(literal);
    assert.equal(JSON.stringify(JSON.parse(literal)), requestBody(request));
  });

  describe("the environment's headers", () => {
    const withHeaders: SentRequest = {
      ...request,
      authHeader: { name: 'X-Api-Token', scheme: '' },
      headers: exportHeaders({ headers: { 'X-Tenant': 'acme' }, secretHeaders: ['X-Api-Key'] }),
    };

    it('names a secret header by its variable TENANT_GRAPHQL_<NAME>, never a value, in every format', () => {
      assert.equal(headerVariable('X-Api-Key'), 'TENANT_GRAPHQL_X_API_KEY');
      assert.equal(headerVariable('Token'), 'TENANT_GRAPHQL_HEADER_TOKEN', 'never the token variable');
      const texts = [toCurl(withHeaders), toFetch(withHeaders), toHttpFile(withHeaders), toCurl(withHeaders, 'eyJ.real.token')];
      for (const text of texts) {
        assert.ok(text.includes('TENANT_GRAPHQL_X_API_KEY'), text);
        assert.ok(text.includes('X-Tenant'), text);
        assert.ok(text.includes('acme'), text);
        assert.ok(text.includes('X-Api-Token'), text);
        assert.ok(!/Authorization/.test(text), text);
      }
      assert.match(toHttpFile(withHeaders), /^@header_x_api_key = \{\{\$processEnv TENANT_GRAPHQL_X_API_KEY\}\}$/m);
      assert.match(toHttpFile(withHeaders), /^X-Api-Key: \{\{header_x_api_key\}\}$/m);
      assert.match(toHttpFile(withHeaders), /^X-Api-Token: \{\{token\}\}$/m);
      assert.match(toFetch(withHeaders), /"X-Api-Key": process\.env\.TENANT_GRAPHQL_X_API_KEY/);
    });

    it('the cURL command sends the token header, the plain header and the secret one from the environment', async () => {
      const server = await startScriptedServer([{ status: 200, body: { data: { ok: true } } }]);
      try {
        const sent = { ...withHeaders, endpoint: `${server.baseUrl}/v1/graphql` };
        const { stdout } = await promisify(execFile)('bash', ['-c', toCurl(sent)], {
          encoding: 'utf8',
          timeout: 20_000,
          env: { ...process.env, [TOKEN_VARIABLE]: 'TOKEN-FROM-ENV', TENANT_GRAPHQL_X_API_KEY: 'KEY-FROM-ENV' },
        });
        assert.deepEqual(JSON.parse(stdout), { data: { ok: true } });
        const seen = server.requests[0].headers;
        assert.deepEqual([seen['x-api-token'], seen['x-tenant'], seen['x-api-key'], seen.authorization], ['TOKEN-FROM-ENV', 'acme', 'KEY-FROM-ENV', undefined]);
      } finally {
        await server.close();
      }
    });
  });

  it('a header scheme or name the shell would expand stays text: the pasted cURL command runs nothing and leaks no variable', async () => {
    const server = await startScriptedServer([{ status: 200, body: { data: { ok: true } } }]);
    try {
      const sent: SentRequest = {
        ...request,
        endpoint: `${server.baseUrl}/v1/graphql`,
        authHeader: { name: 'X-Api-Token', scheme: '`touch pwned` $HOME!' },
        headers: [{ name: 'X-$HOME' }],
      };
      const { stdout } = await promisify(execFile)('bash', ['-c', toCurl(sent)], {
        encoding: 'utf8',
        timeout: 20_000,
        env: { ...process.env, [TOKEN_VARIABLE]: 'TOKEN-FROM-ENV', [headerVariable('X-$HOME')]: 'KEY-FROM-ENV' },
      });
      assert.deepEqual(JSON.parse(stdout), { data: { ok: true } });
      const seen = server.requests[0].headers;
      assert.equal(seen['x-api-token'], '`touch pwned` $HOME! TOKEN-FROM-ENV');
      assert.equal(seen['x-$home'], 'KEY-FROM-ENV');
    } finally {
      await server.close();
    }
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
