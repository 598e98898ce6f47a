import './register';
import { strict as assert } from 'node:assert';
import { fake, resetFake } from './vscodeFake';
import { registerCommandsOnDemand, type Command } from '../../../src/platform/commands';
import { CancelledError } from '../../../src/core/errors';
import type { Logger } from '../../../src/core/logger';

describe('glue: commands whose code loads on first use (registerCommandsOnDemand)', () => {
  const errors: string[] = [];
  const logger: Logger = { trace: () => undefined, debug: () => undefined, info: () => undefined, warn: () => undefined, error: (m) => errors.push(String(m)) };
  beforeEach(() => {
    resetFake();
    errors.length = 0;
  });

  const table = (log: string[]): Command<{ readonly name: string }>[] => [
    { id: 'x.one', run: (services, ...args) => `${services.name} one ${args.join(',')}` },
    { id: 'x.two', run: () => log.push('two') },
    {
      id: 'x.cancel',
      run: () => {
        throw new CancelledError();
      },
    },
  ];

  it('registers every id at once, loads nothing until a call, then runs the command with the loaded services and the arguments of the call', async () => {
    const log: string[] = [];
    let loads = 0;
    const disposable = registerCommandsOnDemand(
      ['x.one', 'x.two'],
      () => {
        loads += 1;
        return { commands: table(log), services: { name: 'svc' } };
      },
      logger,
      'test',
    );
    assert.deepEqual([...fake.registered.keys()], ['x.one', 'x.two']);
    assert.equal(loads, 0);
    assert.equal(await fake.registered.get('x.one')!('a', 'b'), 'svc one a,b');
    await fake.registered.get('x.two')!();
    assert.deepEqual(log, ['two']);
    assert.equal(loads, 2, 'load is called on each call: the caller keeps what it loaded (lazy)');
    disposable.dispose();
    assert.equal(fake.registered.size, 0);
  });

  it('reports a load that fails, or an id the loaded code lacks, as a command that failed: logged and shown, never thrown', async () => {
    registerCommandsOnDemand(
      ['x.broken'],
      () => {
        throw new Error("Cannot find module './onDemand.js'");
      },
      logger,
      'test',
    );
    registerCommandsOnDemand(['x.missing'], () => ({ commands: table([]), services: { name: 'svc' } }), logger, 'test');
    assert.equal(await fake.registered.get('x.broken')!(), undefined);
    assert.equal(await fake.registered.get('x.missing')!(), undefined);
    assert.deepEqual(errors, ["[test] x.broken failed: Cannot find module './onDemand.js'", '[test] x.missing failed: x.missing has no code']);
    assert.deepEqual(
      fake.shown.map((s) => [s.kind, s.message]),
      [
        ['error', "Tenant GraphQL: Cannot find module './onDemand.js'"],
        ['error', 'Tenant GraphQL: x.missing has no code'],
      ],
    );
  });

  it('stays silent when the person cancels', async () => {
    registerCommandsOnDemand(['x.cancel'], () => ({ commands: table([]), services: { name: 'svc' } }), logger, 'test');
    assert.equal(await fake.registered.get('x.cancel')!(), undefined);
    assert.deepEqual(errors, []);
    assert.deepEqual(fake.shown, []);
  });
});
