import './register';
import { strict as assert } from 'node:assert';
import { fake, resetFake, UIKind, Uri, env } from './vscodeFake';
import { openInBrowser } from '../../../src/platform/browserOpener';

describe('glue: openInBrowser', () => {
  const authorize = 'http://127.0.0.1:4100/oauth/authorize?client_id=c&redirect_uri=http%3A%2F%2F127.0.0.1%3A5000%2Fcallback&state=s%2Bt';
  beforeEach(() => resetFake());

  it('opens the address exactly as given in desktop VS Code (the encoded redirect_uri untouched)', async () => {
    assert.equal(await openInBrowser(authorize), true);
    assert.deepEqual(fake.opened, [authorize]);
  });

  it('in a browser-based VS Code, takes the forwarded origin of a loopback address and keeps its path and query byte for byte', async () => {
    env.uiKind = UIKind.Web;
    env.asExternalUri = async (uri: Uri) => Uri.parse(uri.toString().replace('http://127.0.0.1:4100/', 'https://code-server.test/proxy/4100/'));
    await openInBrowser(authorize);
    assert.deepEqual(fake.opened, ['https://code-server.test/proxy/4100/oauth/authorize?client_id=c&redirect_uri=http%3A%2F%2F127.0.0.1%3A5000%2Fcallback&state=s%2Bt']);
  });

  it('leaves a non-loopback address alone in a browser-based VS Code', async () => {
    env.uiKind = UIKind.Web;
    env.asExternalUri = async () => assert.fail('not forwarded');
    const tenant = 'https://login.tenant.test/oauth/authorize?redirect_uri=vscode%3A%2F%2Fx';
    await openInBrowser(tenant);
    assert.deepEqual(fake.opened, [tenant]);
  });
});
