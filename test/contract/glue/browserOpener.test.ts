import '../../unit/glue/register';
import { strict as assert } from 'node:assert';
import * as vm from 'node:vm';
import { fake, resetFake, UIKind, Uri, env } from '../../unit/glue/vscodeFake';
import { openInBrowser, serveInterstitial } from '../../../src/platform/browserOpener';
import { buildInterstitialPage } from '../../../src/core/auth/signInInterstitial';

/** Runs the page's inline script as a browser would, with a scripted probe; returns where it navigated. */
function runPage(html: string, probe: 'reachable' | 'refused' | 'hangs'): { replaced: string[]; fired: () => void; probed: string[] } {
  const script = /<script nonce="[^"]+">([\s\S]*?)<\/script>/.exec(html)?.[1];
  assert.ok(script, 'the page has its inline script');
  const replaced: string[] = [];
  const probed: string[] = [];
  let timer: (() => void) | undefined;
  let settle: { then: (ok: () => void, fail: () => void) => void };
  const context = {
    location: { replace: (u: string) => replaced.push(u) },
    AbortController,
    setTimeout: (fn: () => void) => ((timer = fn), 1),
    clearTimeout: () => (timer = undefined),
    fetch: (u: string, init: { mode: string; credentials: string }) => {
      probed.push(`${u} ${init.mode} ${init.credentials}`);
      settle = { then: (ok, fail) => (probe === 'reachable' ? ok() : probe === 'refused' ? fail() : undefined) };
      return settle;
    },
  };
  vm.runInNewContext(script, context);
  return { replaced, probed, fired: () => timer?.() };
}

describe('glue: openInBrowser', () => {
  const authorize = 'http://127.0.0.1:4100/oauth/authorize?client_id=c&redirect_uri=http%3A%2F%2F127.0.0.1%3A5000%2Fcallback&state=s%2Bt';
  const forwardedAuthorize = 'https://code-server.test/proxy/4100/oauth/authorize?client_id=c&redirect_uri=http%3A%2F%2F127.0.0.1%3A5000%2Fcallback&state=s%2Bt';
  beforeEach(() => resetFake());
  const webWorkbench = () => {
    env.uiKind = UIKind.Web;
    env.asExternalUri = async (uri: Uri) => Uri.parse(uri.toString().replace(/^http:\/\/127\.0\.0\.1:(\d+)\//, 'https://code-server.test/proxy/$1/'));
  };

  it('opens the address exactly as given in desktop VS Code (the encoded redirect_uri untouched)', async () => {
    assert.equal(await openInBrowser(authorize), true);
    assert.deepEqual(fake.opened, [authorize]);
  });

  it('in a browser-based VS Code, opens a one-shot interstitial page through the forwarding, which goes to the unchanged address when reachable and to the forwarded one otherwise', async () => {
    webWorkbench();
    assert.equal(await openInBrowser(authorize), true);
    assert.equal(fake.opened.length, 1);
    const m = /^https:\/\/code-server\.test\/proxy\/(\d+)\/([A-Za-z0-9_-]{20,})$/.exec(fake.opened[0]);
    assert.ok(m, `opened the interstitial through the forwarding: ${fake.opened[0]}`);
    const local = `http://127.0.0.1:${m[1]}`;
    // Only its one path is answered, and nothing but GET.
    assert.equal((await fetch(`${local}/`)).status, 404);
    assert.equal((await fetch(`${local}/${m[2]}x`)).status, 404);
    assert.equal((await fetch(`${local}/${m[2]}`, { method: 'POST' })).status, 404);
    const res = await fetch(`${local}/${m[2]}`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    assert.equal(res.headers.get('referrer-policy'), 'no-referrer');
    assert.match(res.headers.get('content-security-policy') ?? '', /default-src 'none'; script-src 'nonce-[A-Za-z0-9_-]+'; connect-src http:\/\/127\.0\.0\.1:4100;/);
    const html = await res.text();
    assert.deepEqual(runPage(html, 'reachable').replaced, [authorize]);
    assert.deepEqual(runPage(html, 'reachable').probed, ['http://127.0.0.1:4100/ no-cors omit']);
    assert.deepEqual(runPage(html, 'refused').replaced, [forwardedAuthorize]);
    const hanging = runPage(html, 'hangs');
    assert.deepEqual(hanging.replaced, []);
    hanging.fired();
    assert.deepEqual(hanging.replaced, [forwardedAuthorize]);
    // One use: served once, then the server is gone.
    await fetch(`${local}/${m[2]}`).then(
      (again) => assert.equal(again.status, 404),
      () => undefined,
    );
  });

  it('falls back to the forwarded address when the interstitial cannot be opened, and closes it', async () => {
    webWorkbench();
    let calls = 0;
    env.asExternalUri = async (uri: Uri) => {
      calls++;
      if (calls === 2) {
        throw new Error('no forwarding for the interstitial');
      }
      return Uri.parse(uri.toString().replace('http://127.0.0.1:4100/', 'https://code-server.test/proxy/4100/'));
    };
    assert.equal(await openInBrowser(authorize), true);
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

describe('glue: the sign-in interstitial server', () => {
  beforeEach(() => resetFake());

  it('closes unused after its lifetime', async () => {
    const page = await serveInterstitial('http://127.0.0.1:4100/a', 'https://h.test/proxy/4100/a', 10);
    await page.closed;
    await assert.rejects(fetch(page.url));
  });
});

describe('core: buildInterstitialPage', () => {
  const base = { nonce: 'abcdefghijklmnop0123', probeTimeoutMs: 3000, message: 'Opening <the> sign-in page…' };

  it('keeps the addresses out of reach of the markup (no way to close the script element)', () => {
    const direct = 'http://127.0.0.1:4100/oauth/authorize?state=</script><script>alert(1)</script>&x="\u2028';
    const { html } = buildInterstitialPage({ ...base, direct, forwarded: 'https://h.test/proxy/4100/oauth/authorize?a="<b>' });
    assert.equal(html.match(/<\/script>/g)?.length, 1);
    assert.ok(html.includes('Opening &#60;the&#62; sign-in page…'));
    assert.deepEqual(runPage(html, 'reachable').replaced, [direct]);
  });

  it('refuses addresses that are not http(s) and a weak nonce', () => {
    assert.throws(() => buildInterstitialPage({ ...base, direct: 'javascript:alert(1)', forwarded: 'https://h.test/' }));
    assert.throws(() => buildInterstitialPage({ ...base, direct: 'http://127.0.0.1:1/', forwarded: 'https://h.test/', nonce: 'x' }));
  });
});
