import './register';
import { strict as assert } from 'node:assert';
import type * as vscode from 'vscode';
import { env, fakeExtensionContext, resetFake, Uri } from './vscodeFake';
import { signInFlowFor } from '../../../src/auth/flows';
import type { RedirectMode } from '../../../src/core/auth';

/**
 * The redirect flows, one per redirect mode, as a table (the way github-authentication tests its
 * flows): which flow a mode gets where the extension host runs, the redirect URI it registers,
 * what its progress says, and whether the person pastes the address.
 */
describe('glue: the sign-in flow of each redirect mode (src/auth/flows.ts)', () => {
  beforeEach(() => resetFake());

  const cases: {
    readonly mode: RedirectMode;
    readonly remote?: string;
    /** The redirect URI registered: the URI handler's callback, or none (the loopback receiver picks its own). */
    readonly redirect: 'callback' | 'none';
    readonly message: RegExp;
    readonly pastes: boolean;
  }[] = [
    { mode: 'uriHandler', redirect: 'callback', message: /^Approve in the browser that just opened\. Stuck\?/, pastes: false },
    { mode: 'uriHandler', remote: 'ssh-remote', redirect: 'callback', message: /^Approve in the browser that just opened\. Stuck\?/, pastes: false },
    { mode: 'loopback', redirect: 'none', message: /^Approve in the browser that just opened\. Stuck\?/, pastes: false },
    { mode: 'loopback', remote: 'ssh-remote', redirect: 'none', message: /remote host \(ssh-remote\): the browser must run on that machine/, pastes: false },
    { mode: 'paste', redirect: 'callback', message: /^Approve in the browser, then paste the address it ended on\.$/, pastes: true },
    { mode: 'paste', remote: 'ssh-remote', redirect: 'callback', message: /^Approve in the browser, then paste the address it ended on\.$/, pastes: true },
  ];

  for (const c of cases) {
    it(`${c.mode}${c.remote ? ` on a remote host` : ''}: redirect ${c.redirect}, ${c.pastes ? 'asks for the address' : 'no input box'}`, async () => {
      env.remoteName = c.remote;
      const flow = signInFlowFor({ redirectMode: c.mode });
      assert.equal(flow.mode, c.mode);
      assert.match(flow.progressMessage, c.message);
      assert.equal(flow.asksForPastedAddress, c.pastes);
      const context = fakeExtensionContext() as unknown as vscode.ExtensionContext;
      const redirect = await flow.redirectUri(context);
      if (c.redirect === 'none') {
        assert.equal(redirect, undefined);
      } else {
        assert.equal(redirect, `vscode://${context.extension.id}/auth-callback`);
      }
    });
  }

  it("in a browser-based VS Code the callback is the host's forwarded address (asExternalUri)", async () => {
    env.asExternalUri = async () => Uri.parse('http://127.0.0.1:8080/callback?x=1');
    const redirect = await signInFlowFor({ redirectMode: 'uriHandler' }).redirectUri(fakeExtensionContext() as unknown as vscode.ExtensionContext);
    assert.equal(redirect, 'http://127.0.0.1:8080/callback?x=1');
  });
});
