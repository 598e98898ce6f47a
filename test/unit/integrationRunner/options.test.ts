/** The integration runner's flags (scripts/integration/options.mjs): parsing, defaults, the old variables, usage errors. */
import * as assert from 'node:assert/strict';
import { SUITES, UsageError, helpText, resolveOptions } from '../../../scripts/integration/options.mjs';

describe('integration runner: options', () => {
  it('runs every part of the suite with the defaults when given nothing', () => {
    const { options, notes } = resolveOptions([], {});
    assert.deepEqual(options.suites, ['main', 'restricted', 'german', 'folders', 'chat']);
    assert.deepEqual(options.suites, [...SUITES]);
    assert.equal(options.grep, '');
    assert.equal(options.runnerTimeoutS, 900);
    assert.equal(options.keepTemp, false);
    assert.equal(options.verbose, false);
    assert.equal(options.showServerLog, false);
    assert.deepEqual(options.codeServer, { entry: undefined, node: undefined, legacy: false });
    assert.equal(options.bench, false);
    assert.equal(options.screenshots, undefined);
    assert.deepEqual(notes, []);
  });

  it('leaves the chat part out by default on another code-server (the oldest has no language model provider API)', () => {
    assert.deepEqual(resolveOptions(['--code-server-entry', '/x/entry.js'], {}).options.suites, ['main', 'restricted', 'german', 'folders']);
    assert.deepEqual(resolveOptions(['--code-server-entry', '/x/entry.js', '--suite', 'chat'], {}).options.suites, ['chat']);
  });

  it('takes --suites as a comma-separated list and --suite as one part', () => {
    assert.deepEqual(resolveOptions(['--suites', 'main,folders'], {}).options.suites, ['main', 'folders']);
    assert.deepEqual(resolveOptions(['--suites', ' german , '], {}).options.suites, ['german']);
    assert.deepEqual(resolveOptions(['--suite', 'restricted'], {}).options.suites, ['restricted']);
    assert.deepEqual(resolveOptions(['--suites=main'], {}).options.suites, ['main']);
  });

  it('refuses an unknown part, an empty list, and --suite with --suites', () => {
    assert.throws(
      () => resolveOptions(['--suites', 'main,mian'], {}),
      (err: Error) => err instanceof UsageError && /unknown suite mian/.test(err.message),
    );
    assert.throws(() => resolveOptions(['--suites', ','], {}), UsageError);
    assert.throws(() => resolveOptions(['--suite', 'main', '--suites', 'german'], {}), UsageError);
  });

  it('takes the grep, the timeout and the switches', () => {
    const { options } = resolveOptions(
      ['--grep', 'Builder|Sign in', '--runner-timeout', '120', '--keep-temp', '--verbose', '--show-server-log', '--screenshots', '/tmp/shots'],
      {},
    );
    assert.equal(options.grep, 'Builder|Sign in');
    assert.equal(options.runnerTimeoutS, 120);
    assert.equal(options.keepTemp, true);
    assert.equal(options.verbose, true);
    assert.equal(options.showServerLog, true);
    assert.equal(options.screenshots, '/tmp/shots');
  });

  it('refuses a timeout that is not a positive number', () => {
    for (const value of ['0', '-5', 'soon', '']) {
      assert.throws(() => resolveOptions(['--runner-timeout', value], {}), UsageError, value);
    }
  });

  it('refuses an unknown flag and a stray argument', () => {
    assert.throws(() => resolveOptions(['--greep', 'x'], {}), UsageError);
    assert.throws(() => resolveOptions(['main'], {}), UsageError);
  });

  it('takes another code-server, the Node to run it with and the legacy switch (scripts/testOldest.mjs)', () => {
    const { options } = resolveOptions(['--code-server-entry', '/c/entry.js', '--code-server-node', '/n/node', '--code-server-legacy'], {});
    assert.deepEqual(options.codeServer, { entry: '/c/entry.js', node: '/n/node', legacy: true });
  });

  it('runs the main part only for the bench, unless told otherwise', () => {
    const bench = resolveOptions(['--bench', '--bench-profile', '/tmp/prof', '--bench-detail'], {}).options;
    assert.deepEqual(bench.suites, ['main']);
    assert.equal(bench.bench, true);
    assert.equal(bench.benchProfile, '/tmp/prof');
    assert.equal(bench.benchDetail, true);
    assert.deepEqual(resolveOptions(['--bench', '--suites', 'folders'], {}).options.suites, ['folders']);
  });

  it('still reads the old variables, with a note naming the flag, and lets a flag win', () => {
    const env = {
      TENANT_GRAPHQL_SUITES: 'main',
      TENANT_GRAPHQL_TEST_GREP: 'Code actions',
      TENANT_GRAPHQL_KEEP_TEMP: '1',
      TENANT_GRAPHQL_RUNNER_TIMEOUT_S: '60',
      TENANT_GRAPHQL_CODE_SERVER_LEGACY: '1',
      TENANT_GRAPHQL_VERBOSE: '0',
      TENANT_GRAPHQL_SHOW_SERVER_LOG: '',
    };
    const { options, notes } = resolveOptions(['--grep', 'Builder'], env);
    assert.deepEqual(options.suites, ['main']);
    assert.equal(options.grep, 'Builder');
    assert.equal(options.keepTemp, true);
    assert.equal(options.runnerTimeoutS, 60);
    assert.equal(options.codeServer.legacy, true);
    assert.equal(options.verbose, false, 'a variable set to 0 is off');
    assert.equal(options.showServerLog, false, 'an empty variable is not set');
    assert.ok(notes.some((n) => n.includes('TENANT_GRAPHQL_SUITES') && n.includes('--suites')));
    assert.ok(!notes.some((n) => n.includes('TENANT_GRAPHQL_TEST_GREP')), 'the flag was given: the variable is not read');
  });

  it('documents every flag in the help', () => {
    const help = helpText();
    for (const flag of [
      '--suites',
      '--suite',
      '--grep',
      '--keep-temp',
      '--verbose',
      '--runner-timeout',
      '--show-server-log',
      '--code-server-entry',
      '--code-server-node',
      '--code-server-legacy',
      '--bench',
      '--help',
    ]) {
      assert.ok(help.includes(`${flag} `) || help.includes(`${flag}\n`), flag);
    }
    assert.equal(resolveOptions(['-h'], {}).options.help, true);
  });
});
