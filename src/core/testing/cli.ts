/**
 * `tenant-graphql test`: the test files' cases run from a terminal or CI, on src/core only (the
 * same parser, runner and assertions as the Testing view), with a token from environment variables.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { TokenEndpointClient } from '../auth/tokenEndpoint';
import { GraphqlHttpClient } from '../http/graphqlClient';
import { mutationDecision } from '../run/runPermission';
import { sidecarPathFor } from '../run/variablesFile';
import { CliConfigError, credentialsFromEnv, environmentFromSettings, parseCliArgs, USAGE, type CliCredentials } from './cliConfig';
import { junitXml, type JunitCase, type JunitSuite } from './junit';
import { INTROSPECTION_QUERY, introspectionPayload } from '../schema/loadSchema';
import { introspectionSha256, schemaVersionOf, withSnapshot } from './snapshot';
import { documentPathOf, parseTestFile } from './testFile';
import { checkTestFile, fingerprintOf, runTestFile, type CaseResult } from './testRunner';
import type { Environment } from '../auth/environments';

/** Where the command line writes, and what it reads from its process. */
export interface CliIo {
  readonly argv: readonly string[];
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  out(line: string): void;
  err(line: string): void;
}

/** Runs the command; resolves with the exit code (0 passed, 1 failed, 2 configuration error). */
export async function runCli(io: CliIo): Promise<number> {
  let client: GraphqlHttpClient | undefined;
  try {
    const options = parseCliArgs(io.argv);
    if (options === 'help') {
      io.out(USAGE);
      return 0;
    }
    const settingsPath = resolve(io.cwd, options.settingsFile);
    const env = environmentFromSettings(existsSync(settingsPath) ? await readFile(settingsPath, 'utf8') : undefined, options.settingsFile, options.envName);
    const credentials = credentialsFromEnv(io.env, env);
    const files = findTestFiles(options.paths.map((p) => resolve(io.cwd, p)));
    if (files.length === 0) {
      throw new CliConfigError(`No test files under ${options.paths.join(', ')}: a test file is named after its document plus ".test.json" (tasks.graphql.test.json).`);
    }
    client = new GraphqlHttpClient({ userAgent: 'tenant-graphql-cli' });
    const token = tokenSource(env, credentials);
    io.out(`Running ${files.length} test file${files.length === 1 ? '' : 's'} on "${env.name}" (${env.baseUrl})`);
    const suites: JunitSuite[] = [];
    const counts = { passed: 0, failed: 0, errored: 0, problems: 0, warnings: 0 };
    const http = client;
    let schema: Promise<{ version: string; environment: string } | undefined> | undefined;
    // Read once, and only when a test file has a snapshot assertion: the version its snapshots are checked against (and saved with).
    const schemaVersion = () => (schema ??= readSchemaVersion(env, http, token, io));
    for (const file of files) {
      const shown = relative(io.cwd, file) || basename(file);
      const suite = await runFile(file, shown, env, options, client, token, io, counts, schemaVersion);
      suites.push(suite);
    }
    const total = counts.passed + counts.failed + counts.errored;
    io.out('');
    io.out(
      `${total} case${total === 1 ? '' : 's'}: ${counts.passed} passed, ${counts.failed} failed, ${counts.errored} errored${counts.problems ? `; ${counts.problems} problem${counts.problems === 1 ? '' : 's'} in test files` : ''}${counts.warnings ? `; ${counts.warnings} warning${counts.warnings === 1 ? '' : 's'}` : ''}`,
    );
    if (options.junitFile) {
      const target = resolve(io.cwd, options.junitFile);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, junitXml(suites));
      io.out(`JUnit report: ${options.junitFile}`);
    }
    return counts.failed + counts.errored + counts.problems > 0 ? 1 : 0;
  } catch (err) {
    if (err instanceof CliConfigError) {
      io.err(`tenant-graphql: ${err.message}`);
      return 2;
    }
    io.err(`tenant-graphql: ${err instanceof Error ? err.message : String(err)}`);
    return 2;
  } finally {
    await client?.close();
  }
}

async function runFile(
  file: string,
  shown: string,
  env: Environment,
  options: { allowMutations: boolean; updateSnapshots: boolean },
  client: GraphqlHttpClient,
  token: { get(): Promise<string>; renew(): Promise<string | undefined> },
  io: CliIo,
  counts: { passed: number; failed: number; errored: number; problems: number; warnings: number },
  schemaVersion: () => Promise<{ version: string; environment: string } | undefined>,
): Promise<JunitSuite> {
  const documentPath = documentPathOf(file)!;
  const sidecarPath = sidecarPathFor(documentPath);
  const read = async (p: string | undefined) => (p && existsSync(p) ? readFile(p, 'utf8') : undefined);
  let testText = await readFile(file, 'utf8');
  const hasSnapshots = parseTestFile(testText).operations.some((op) => op.cases.some((c) => c.assertions.some((a) => a.kind === 'snapshot')));
  const schema = hasSnapshots ? await schemaVersion() : undefined;
  const inputs = {
    testText,
    documentText: await read(documentPath),
    variablesText: await read(sidecarPath),
    documentName: basename(documentPath),
    ...(schema ? { schema } : {}),
  };
  const cases: JunitCase[] = [];
  io.out('');
  io.out(shown);
  for (const problem of checkTestFile(inputs).problems) {
    if (problem.severity === 'warning') {
      // A warning does not fail the run: the snapshot's comparison (the case) has the last word.
      counts.warnings++;
      io.out(`  ⚠ ${shown}:${problem.place.line}:${problem.place.column} ${problem.message}`);
      continue;
    }
    counts.problems++;
    io.out(`  ! ${shown}:${problem.place.line}:${problem.place.column} ${problem.message}`);
    cases.push({ name: `problem at line ${problem.place.line}`, className: shown, timeSeconds: 0, error: { message: problem.message } });
  }
  const results = await runTestFile(inputs, {
    execute: async (request) => {
      const r = await client.execute({
        baseUrl: env.baseUrl,
        query: request.query,
        variables: request.variables,
        ...(request.operationName ? { operationName: request.operationName } : {}),
        token: () => token.get(),
        onUnauthorized: () => token.renew(),
        ...(env.authHeader ? { authHeader: env.authHeader } : {}),
        ...(env.headers ? { headers: env.headers } : {}),
      });
      return { status: r.status, durationMs: r.durationMs, body: r.body };
    },
    allowMutation: (operation) => {
      const decision = mutationDecision('mutation', env, options.allowMutations);
      return Promise.resolve(
        decision === 'run'
          ? true
          : decision === 'refuse'
            ? `"${operation}" is a mutation and "${env.name}" is read-only (readOnly): it is not sent.`
            : `"${operation}" is a mutation and "${env.name}" asks before each (confirmMutations): pass --allow-mutations to send it.`,
      );
    },
  });
  for (const result of results) {
    cases.push(reportCase(result, shown, io, counts));
  }
  if (options.updateSnapshots && inputs.documentText !== undefined) {
    const next = updateSnapshots(testText, inputs.documentText, results, schema?.version);
    if (next !== testText) {
      testText = next;
      await writeFile(file, next);
      io.out(`  snapshots saved into ${shown}`);
    }
  }
  return { name: shown, cases };
}

function reportCase(result: CaseResult, shown: string, io: CliIo, counts: { passed: number; failed: number; errored: number }): JunitCase {
  const name = `${result.operation} › ${result.testCase.name}`;
  const o = result.outcome;
  if (o.state === 'passed') {
    counts.passed++;
    io.out(`  ✓ ${name} (${Math.round(o.answer.durationMs)} ms)`);
    return { name, className: shown, timeSeconds: o.answer.durationMs / 1000 };
  }
  if (o.state === 'errored') {
    counts.errored++;
    io.out(`  ✗ ${name}: ${o.message}`);
    io.out(`      at ${shown}:${o.place.line}:${o.place.column}`);
    return { name, className: shown, timeSeconds: 0, error: { message: o.message } };
  }
  counts.failed++;
  io.out(`  ✗ ${name} (${Math.round(o.answer.durationMs)} ms)`);
  const details: string[] = [];
  for (const f of o.failures) {
    const at = `${shown}:${f.assertion.place.line}:${f.assertion.place.column}`;
    const lines = [`${f.result.message}`, `  at ${at}`];
    if (f.result.expected !== undefined) {
      lines.push(`  expected: ${indent(f.result.expected)}`);
    }
    if (f.result.actual !== undefined) {
      lines.push(`  actual:   ${indent(f.result.actual)}`);
    }
    details.push(lines.join('\n'));
    io.out(lines.map((l) => `      ${l}`).join('\n'));
  }
  return { name, className: shown, timeSeconds: o.answer.durationMs / 1000, failure: { message: o.failures[0].result.message, details: details.join('\n\n') } };
}

const indent = (text: string) => text.split('\n').join('\n            ');

/**
 * The test file's text with each ran snapshot assertion holding its case's answer and the version of
 * the schema it was taken on, when known (last in the file first, so offsets stay right).
 */
export function updateSnapshots(testText: string, documentText: string, results: readonly CaseResult[], schemaVersion?: string): string {
  const edits = results
    .flatMap((r) => {
      if (r.outcome.state === 'errored') {
        return [];
      }
      const answer = r.outcome.answer;
      const fingerprint = fingerprintOf(documentText, r.operation);
      return r.testCase.assertions.flatMap((a) => (a.kind === 'snapshot' && fingerprint ? [{ offset: a.place.offset, ignore: a.ignore, answer: answer.body, fingerprint }] : []));
    })
    .sort((a, b) => b.offset - a.offset);
  let text = testText;
  for (const e of edits) {
    text = withSnapshot(text, e.offset, e.answer, e.ignore, e.fingerprint, schemaVersion) ?? text;
  }
  return text;
}

/** The test files under the paths (a file is taken as given; folders are walked, node_modules and dot-folders left out), sorted. */
export function findTestFiles(paths: readonly string[]): string[] {
  const found = new Set<string>();
  const walk = (dir: string, depth: number) => {
    if (depth > 20) {
      return;
    }
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== 'node_modules' && !entry.name.startsWith('.')) {
        walk(p, depth + 1);
      } else if (entry.isFile() && documentPathOf(p)) {
        found.add(p);
      }
    }
  };
  for (const p of paths) {
    if (!existsSync(p)) {
      throw new CliConfigError(`${p} does not exist.`);
    }
    if (statSync(p).isDirectory()) {
      walk(p, 0);
    } else if (documentPathOf(p)) {
      found.add(p);
    } else {
      throw new CliConfigError(`${p} is not a test file: a test file is named after its GraphQL document plus ".test.json" (tasks.graphql.test.json).`);
    }
  }
  return [...found].sort();
}

/**
 * The version of the environment's schema (introspection, hashed as the extension's schema cache
 * does), told once; undefined with a note when it cannot be read (introspection off, no answer):
 * snapshots are then compared without it.
 */
async function readSchemaVersion(
  env: Environment,
  client: GraphqlHttpClient,
  token: { get(): Promise<string>; renew(): Promise<string | undefined> },
  io: CliIo,
): Promise<{ version: string; environment: string } | undefined> {
  try {
    const r = await client.execute({
      baseUrl: env.baseUrl,
      query: INTROSPECTION_QUERY,
      operationName: 'IntrospectionQuery',
      variables: {},
      token: () => token.get(),
      onUnauthorized: () => token.renew(),
      ...(env.authHeader ? { authHeader: env.authHeader } : {}),
      ...(env.headers ? { headers: env.headers } : {}),
    });
    const version = schemaVersionOf(introspectionSha256(introspectionPayload(r.body)));
    io.out(`Schema of "${env.name}": version ${version}`);
    return { version, environment: env.name };
  } catch (err) {
    io.out(
      `Schema of "${env.name}" not read (${err instanceof Error ? err.message : String(err)}): snapshots are compared without checking the schema version they were taken on.`,
    );
    return undefined;
  }
}

/** The access token: the given one, or a Client Credentials token fetched on first use and again after a 401. */
function tokenSource(env: Environment, credentials: CliCredentials): { get(): Promise<string>; renew(): Promise<string | undefined> } {
  if (credentials.kind === 'token') {
    return { get: () => Promise.resolve(credentials.token), renew: () => Promise.resolve(undefined) };
  }
  const endpoint = new TokenEndpointClient({ ...env, clientId: credentials.clientId, clientType: 'confidential' });
  let current: Promise<string> | undefined;
  const fetchToken = () => endpoint.clientCredentials(credentials.clientSecret, credentials.scopes).then((t) => t.accessToken);
  return {
    get: () => (current ??= fetchToken()),
    renew: async () => {
      current = fetchToken();
      return current;
    },
  };
}
