import { strict as assert } from 'node:assert';
import { inspect } from 'node:util';
import { redact, redactingLogger, safeLogLine, type Logger } from '../../../src/core/logger';
import { base64Cores, literalForms, SecretRegistry } from '../../../src/core/secretRegistry';
import { prng } from '../seededRandom';

const S = 'S3cr3tV4lue-x_Y.z~9Q';

/**
 * Shapes of secrets in log lines, with no registry: the shape alone must give them away.
 * `secret` is the text that must not survive.
 */
const SHAPES: { name: string; line: string; secret: string }[] = [
  { name: 'query parameter', line: `GET /cb?code=${S}&state=ok`, secret: S },
  { name: 'form body', line: `grant_type=refresh_token&refresh_token=${S}&client_id=x`, secret: S },
  { name: 'JSON member', line: `{"access_token":"${S}","token_type":"bearer"}`, secret: S },
  { name: 'JSON member with escaped quotes', line: `{"client_secret":"ab\\"${S}\\"cd"}`, secret: S },
  { name: 'JSON inside a JSON string', line: `"{\\"refresh_token\\":\\"${S}\\"}"`, secret: S },
  { name: 'camelCase JSON (session record)', line: `{"accessToken":"${S}","expiresAt":1}`, secret: S },
  { name: 'camelCase refreshToken', line: `{"refreshToken":"${S}"}`, secret: S },
  { name: 'camelCase clientSecret', line: `clientSecret=${S}`, secret: S },
  { name: 'code="…"', line: `code="${S}"`, secret: S },
  { name: "code='…'", line: `code='${S}'`, secret: S },
  { name: 'util.inspect of a record', line: inspect({ accessToken: S, kind: 'user' }), secret: S },
  { name: 'util.inspect with a quote inside', line: inspect({ refreshToken: `it's${S}` }), secret: S },
  { name: 'util.inspect with both quotes (backticks)', line: inspect({ clientSecret: `"'${S}` }), secret: S },
  { name: '%3D-encoded =', line: `redirect=https%3A%2F%2Fx%2Fcb%3Fcode%3D${S}%26state%3Dq`, secret: S },
  { name: '%3d lower case', line: `next=%2Fcb%3Faccess_token%3d${S}`, secret: S },
  { name: 'k = v', line: `client_secret = ${S}`, secret: S },
  { name: 'k: v', line: `code_verifier: ${S}`, secret: S },
  { name: 'kebab key', line: `refresh-token: ${S}`, secret: S },
  { name: 'Bearer', line: `Authorization: Bearer ${S}`, secret: S },
  { name: 'Basic', line: `Authorization: Basic ${Buffer.from(`id:${S}`).toString('base64')}`, secret: Buffer.from(`id:${S}`).toString('base64') },
  { name: 'DPoP scheme', line: `Authorization: DPoP ${S}`, secret: S },
  { name: 'Token scheme', line: `authorization: Token ${S}`, secret: S },
  { name: 'scheme-less Authorization', line: `Authorization: ${S}`, secret: S },
  { name: 'Authorization in JSON headers', line: `{"headers":{"Authorization":"${S}"}}`, secret: S },
  { name: 'Authorization in inspect', line: inspect({ authorization: `Bearer ${S}` }), secret: S },
  { name: 'JWT anywhere', line: `token is eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl here`, secret: 'eyJzdWIiOiJ4In0' },
  { name: 'bare opaque token', line: `got Gk3x9Qm2Lp8Vn4Rt7Ws1Yz6Bc5Df0Hj3Kl9Mn2Pq8St end`, secret: 'Gk3x9Qm2Lp8Vn4Rt7Ws1Yz6Bc5Df0Hj3Kl9Mn2Pq8St' },
  { name: 'bare verifier (43 base64url)', line: `verifier Ab1_Cd2-Ef3Gh4Ij5Kl6Mn7Op8Qr9St0Uv1Wx2Yz3aB4`, secret: 'Ab1_Cd2-Ef3Gh4Ij5Kl6Mn7Op8Qr9St0Uv1Wx2Yz3aB4' },
  { name: 'password', line: `password=${S}`, secret: S },
  { name: 'state parameter', line: `state=${S}`, secret: S },
  { name: 'id_token', line: `id_token=${S}`, secret: S },
  { name: 'api key', line: `apiKey: "${S}"`, secret: S },
];

/** Lines that must come out unchanged: redaction must not eat ordinary words. */
const BENIGN = [
  'The token endpoint answered HTTP 500.',
  'Refreshed the access token of session 0b6f1f7e-5a4b-4c1e-9a43-2d1c1f8e9a10 (dev).',
  'Could not reach the token endpoint (code: ECONNREFUSED).',
  'state: pending',
  'Waiting for the sign-in callback on http://127.0.0.1:33418/auth-callback.',
  'Schema of "dev" loaded in 120 ms (commit 3f2a9c1d0b8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a).',
];

describe('core/logger redact (shapes)', () => {
  for (const { name, line, secret } of SHAPES) {
    it(`redacts ${name}`, () => {
      const out = redact(line);
      assert.ok(!out.includes(secret), `${name}: ${out}`);
      assert.match(out, /<redacted/);
    });
  }
  for (const line of BENIGN) {
    it(`keeps "${line}"`, () => assert.equal(redact(line), line));
  }
});

describe('core/secretRegistry', () => {
  it('replaces a registered secret in every encoding while it is registered', () => {
    const registry = new SecretRegistry();
    const secret = 'opaque/+= &"\'\\é✓secret';
    const handle = registry.register(secret);
    for (const form of literalForms(secret)) {
      assert.ok(!registry.redact(`x ${form} y`).includes(form), form);
    }
    for (const shift of ['', 'a', 'ab']) {
      const b64 = Buffer.from(`${shift}${secret}tail`).toString('base64');
      assert.equal(registry.redact(`Basic ${b64}`), 'Basic <redacted>');
      assert.equal(registry.redact(Buffer.from(`${shift}${secret}`).toString('base64url')), '<redacted>');
    }
    handle.dispose();
    handle.dispose();
    assert.equal(registry.redact(`x ${secret}`), `x ${secret}`);
  });

  it('counts registrations: a value stays registered until every holder let go', () => {
    const registry = new SecretRegistry();
    const a = registry.register('shared-secret-1');
    const b = registry.register('shared-secret-1');
    a.dispose();
    assert.equal(registry.redact('shared-secret-1'), '<redacted>');
    b.dispose();
    assert.equal(registry.size, 0);
  });

  it('ignores short and missing values', () => {
    const registry = new SecretRegistry();
    registry.registerAll([undefined, null, '', 'abc']);
    assert.equal(registry.size, 0);
    assert.equal(registry.redact('abc'), 'abc');
  });

  // A hang guard, not a speed check: linear work on these lines takes milliseconds, while
  // backtracking over runs this long (quadratic or worse) would run for minutes and hit the timeout.
  it('finishes on long hostile lines (no backtracking over base64 runs)', () => {
    const registry = new SecretRegistry();
    for (let i = 0; i < 20; i++) {
      registry.register(`registered-secret-${i}-XYZ`);
    }
    for (const line of ['a'.repeat(300_000), 'aB3+/'.repeat(60_000), "code='".repeat(50_000), '"access_token":"' + 'x\\'.repeat(150_000)]) {
      const safe = safeLogLine(line, registry);
      assert.ok(!safe.includes('\n') && safe.length > 0, `a safe line for ${line.slice(0, 10)}…`);
    }
  });

  it('redactingLogger applies the registry and keeps every line a single line', () => {
    const lines: string[] = [];
    const base: Logger = { trace: (m) => lines.push(m), debug: (m) => lines.push(m), info: (m) => lines.push(m), warn: (m) => lines.push(m), error: (m) => lines.push(String(m)) };
    const registry = new SecretRegistry();
    registry.register('opaque-value-123');
    const logger = redactingLogger(base, registry);
    logger.info('Ignored a URI for /x\n2026-01-01 [info] [auth] Signed in as admin\u0000 with opaque-value-123');
    assert.deepEqual(lines, ['Ignored a URI for /x\\n2026-01-01 [info] [auth] Signed in as admin with <redacted>']);
    const err = new Error('Activation failed: "accessToken":"opaque-value-123"\nforged');
    logger.error(err);
    const [head, ...frames] = lines[1].split('\n');
    assert.equal(head, 'Error: Activation failed: "accessToken":"<redacted>"\\nforged');
    assert.ok(frames.length > 0 && frames.every((f) => /^\s+at /.test(f)), frames.join('|'));
  });
});

/** Alphabets secrets are drawn from: what tokens, verifiers, client secrets and codes use, and worse. */
const ALPHABETS = [
  'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_', // base64url, verifiers, states
  'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=', // base64
  '0123456789abcdef', // hex
  'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~', // unreserved
  ' !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~', // printable ASCII (client secrets)
  'aé✓漢字😀Zß0-', // non-ASCII
];

/** How a secret can be written into a log line. */
const ENCODINGS: { name: string; encode: (s: string, rnd: () => number) => string }[] = [
  { name: 'raw', encode: (s) => s },
  { name: 'encodeURIComponent', encode: (s) => encodeURIComponent(s) },
  { name: 'form', encode: (s) => new URLSearchParams({ v: s }).toString().slice(2) },
  { name: 'lower-case percent', encode: (s) => encodeURIComponent(s).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()) },
  { name: 'double URL-encoded', encode: (s) => encodeURIComponent(encodeURIComponent(s)) },
  { name: 'JSON-escaped', encode: (s) => JSON.stringify(s).slice(1, -1) },
  { name: 'JSON in JSON', encode: (s) => JSON.stringify(JSON.stringify(s)).slice(1, -1) },
  { name: 'util.inspect', encode: (s) => inspect(s) },
  { name: 'base64 at an offset', encode: (s, rnd) => Buffer.from(`${'client'.slice(0, Math.floor(rnd() * 6))}:${s}`).toString('base64') },
  { name: 'base64url at an offset', encode: (s, rnd) => Buffer.from(`${'xy'.slice(0, Math.floor(rnd() * 3))}${s}!`).toString('base64url') },
];

/** Log lines a secret can be embedded in (`%s` is the encoded secret). */
const TEMPLATES = [
  '%s',
  'Token endpoint answered: {"error":"invalid_grant","detail":"%s"}',
  'POST /token body=grant_type=refresh_token&x=%s&client_id=abc',
  'Callback received: vscode://tenantlabs.tenant-graphql/auth-callback?q=%s',
  "Session { id: 'abc', value: %s }",
  'Authorization: Bearer %s',
  '[auth] something failed: %s.',
  '(%s)',
  '"%s"',
];

function randomSecret(rnd: () => number): string {
  const alphabet = Array.from(ALPHABETS[Math.floor(rnd() * ALPHABETS.length)]);
  const length = 8 + Math.floor(rnd() * 120);
  let s = '';
  for (let i = 0; i < length; i++) {
    s += alphabet[Math.floor(rnd() * alphabet.length)];
  }
  return s;
}

describe('redaction fuzz', () => {
  const GENERATED_SECRETS = 300;

  it(`no registered secret survives, ${GENERATED_SECRETS} secrets x ${ENCODINGS.length} encodings x ${TEMPLATES.length} lines`, () => {
    const rnd = prng(12);
    let cases = 0;
    for (let i = 0; i < GENERATED_SECRETS; i++) {
      const registry = new SecretRegistry();
      const secret = randomSecret(rnd);
      const handle = registry.register(secret);
      for (const { name, encode } of ENCODINGS) {
        const encoded = encode(secret, rnd);
        for (const template of TEMPLATES) {
          const line = template.replace('%s', () => encoded);
          const out = safeLogLine(line, registry);
          cases++;
          const leaked = [secret, encoded, ...literalForms(secret), ...base64Cores(secret)].find((form) => out.includes(form));
          assert.equal(leaked, undefined, `secret ${JSON.stringify(secret)} leaked (${name}) in ${JSON.stringify(out)}`);
        }
      }
      handle.dispose();
    }
    assert.equal(cases, GENERATED_SECRETS * ENCODINGS.length * TEMPLATES.length);
  });

  it('shapes catch unregistered secrets of every generated alphabet in every shape', () => {
    const rnd = prng(7);
    let cases = 0;
    for (let i = 0; i < 200; i++) {
      // Unregistered secrets: only shapes can catch them, so use the unambiguous alphabets.
      const alphabet = ALPHABETS[Math.floor(rnd() * 4)];
      let secret = '';
      for (let k = 0, n = 8 + Math.floor(rnd() * 60); k < n; k++) {
        secret += alphabet[Math.floor(rnd() * alphabet.length)];
      }
      for (const { name, line } of SHAPES) {
        if (!line.includes(S)) {
          continue;
        }
        const out = safeLogLine(line.split(S).join(secret));
        cases++;
        assert.ok(!out.includes(secret), `${name}: ${JSON.stringify(secret)} survived in ${out}`);
      }
    }
    assert.ok(cases > 5000);
  });
});
