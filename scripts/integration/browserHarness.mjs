// The person at the browser during sign-in tests, played in Chromium on a test's instructions
// (HARNESS_MARKER lines, e.g. {"consent":"deny","user":"bob"}; see test/integration/helpers.ts):
// - as the tenant admin, registers the exact redirect URI of this code-server's callback before the
//   authorization request reaches a Sandbox (code-server's callback address carries a per-request id,
//   so it cannot be registered in advance: see README, "Sign-in in code-server, Codespaces or a remote window");
// - on a Sandbox's consent page, picks the user and approves or denies, as the test asked;
// - on the independent provider's login and consent pages, signs in and consents;
// - closes a sign-in tab, opens a page, fails webview hosts' service workers, and starts the results
//   page's checks (axe, layout) when asked.
import { log } from './lifecycle.mjs';
import { checkAccessibility, checkPanelLayout } from './resultsPageChecks.mjs';
import { readChatView } from './chatView.mjs';

/** Whether `url` is a Sandbox's authorize page (the runner's, the other server's, or one the extension started itself). */
export function isAuthorizePage(url) {
  try {
    return new URL(url).pathname.endsWith('/oauth/authorize');
  } catch {
    return false;
  }
}

/** Whether `url` is the extension's one-shot page in front of a loopback sign-in page (src/auth/browserOpener.ts), through code-server's port proxy. */
export function isInterstitial(url, codeServerBase) {
  return url.startsWith(`${codeServerBase}/proxy/`) && /^\/proxy\/\d+\/[A-Za-z0-9_-]{20,}$/.test(new URL(url).pathname);
}

/** The authorize addresses of a server the browser may be sent to: its own, and through code-server's port proxy. */
export function authorizeRoutes(authUrl, codeServerBase) {
  return [`${authUrl}/oauth/authorize**`, `${codeServerBase}/proxy/${new URL(authUrl).port}/oauth/authorize**`];
}

/**
 * The tenant admin of the independent provider: when the browser asks for its authorize address,
 * the redirect URI the extension asked for is registered first (code-server's callback address
 * changes at every sign-in), then the request goes on to the provider. The person's part, its login
 * and consent pages, is done in Chromium (driveInterop), so the provider's path cookies and absolute
 * form actions are exercised as a person's browser meets them. Only the unchanged address is
 * registered: a sign-in that went through code-server's port proxy breaks there, as it does for a person.
 */
export function routeInterop(context, interop) {
  void context.route(`${interop.url}/oauth/authorize**`, async (route) => {
    const redirectUri = new URL(route.request().url()).searchParams.get('redirect_uri');
    try {
      if (redirectUri) {
        await interop.register(redirectUri);
      }
      await route.continue();
    } catch (err) {
      log(`interop harness: ${err.message}`);
      await route.fulfill({ status: 500, contentType: 'text/plain', body: `interop harness: ${err.message}` });
    }
  });
}

/** The independent provider's development login page (any login; the test's user is the opaque sub), then its consent page. */
async function driveInterop(page, interop, verbose) {
  const origin = new URL(interop.url).origin;
  for (let step = 0; step < 6; step++) {
    const url = new URL(page.url());
    if (url.origin !== origin) {
      return;
    }
    if (!url.pathname.startsWith('/interaction/')) {
      log(`interop harness: no login or consent page at ${url.pathname}: ${(await page.textContent('body').catch(() => ''))?.slice(0, 300)}`);
      return;
    }
    const login = page.locator('input[name=login]');
    if ((await login.count()) > 0) {
      await login.fill(interop.login);
      await page.fill('input[name=password]', 'any');
    }
    if (verbose) {
      log(`interop harness: submitting the ${(await login.count()) > 0 ? 'login' : 'consent'} page`);
    }
    await page.click('button[type=submit]');
    await page.waitForLoadState('domcontentloaded', { timeout: 20_000 });
  }
  log('interop harness: the sign-in took more than 6 pages');
}

/**
 * Sets the harness up on a browser context. `servers` are the Sandboxes' infos (authUrl, adminUrl,
 * adminKey) whose authorize pages it registers redirect URIs for. Returns the harness: `instruct(json)`
 * takes a test's instruction; `serviceWorkerFaults` and `webviewHostHangs` count the faults still to
 * inject (scripts/integration/faultInjection.mjs).
 */
export function createBrowserHarness({ context, servers, codeServerBase, interop, verbose, screenshots }) {
  let next = { consent: 'approve', user: 'alice' };
  const registerRoute =
    ({ adminUrl, adminKey }) =>
    async (route) => {
      const request = route.request();
      if (request.method() === 'GET') {
        const url = new URL(request.url());
        const redirectUri = url.searchParams.get('redirect_uri') ?? '';
        const clientId = url.searchParams.get('client_id') ?? '';
        if (redirectUri.startsWith(`${codeServerBase}/`) && next.registerRedirectUri !== false) {
          if (verbose) {
            log(`browser harness: registering redirect URI ${redirectUri.slice(0, 120)}`);
          }
          await fetch(`${adminUrl}/redirect-uris`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-sandbox-admin-key': adminKey },
            body: JSON.stringify({ clientId, uri: redirectUri }),
          });
        }
      }
      await route.continue();
    };
  for (const server of servers) {
    // code-server's openExternal sends 127.0.0.1:<port> addresses through its own port proxy
    // (<code-server>/proxy/<port>/...): both forms lead to the server.
    for (const pattern of authorizeRoutes(server.authUrl, codeServerBase)) {
      void context.route(pattern, registerRoute(server));
    }
  }
  /** Closes a sign-in tab once the sign-in came back (code-server's callback page or the loopback one: "You can close this tab"), as a person does. */
  const closeSignInTab = async (page) => {
    const away = (u) => !isAuthorizePage(u.href) && !isInterstitial(u.href, codeServerBase) && !u.href.startsWith(`${interop.url}/`);
    await page.waitForURL(away, { waitUntil: 'load', timeout: 20_000 }).catch(() => undefined);
    log(`browser harness: closing the sign-in tab, as asked (${new URL(page.url()).pathname.slice(0, 60)})`);
    await page.close();
  };
  const consentOn = async (page, todo) => {
    const approve = page.locator('#approve');
    if ((await approve.count()) === 0) {
      // An error page of the Sandbox: the test looks at the outcome in VS Code.
      log(`browser harness: no consent form on ${page.url().slice(0, 100)}: ${(await page.textContent('body').catch(() => ''))?.slice(0, 300)}`);
      return;
    }
    if (todo.user) {
      await page.selectOption('select[name=user]', todo.user);
    }
    await page.click(todo.consent === 'deny' ? '#deny' : '#approve');
    await page.waitForLoadState('load', { timeout: 10_000 }).catch(() => undefined);
    if (verbose) {
      log(`browser harness: after consent: ${page.url().slice(0, 200)} ${(await page.textContent('body').catch(() => ''))?.slice(0, 200)}`);
    }
    // The tab stays open until the browser closes, as a person's would ("You can close this tab").
    // Closing it here blanked every webview of the run: this tab shows code-server's
    // origin once the sign-in comes back, so Playwright's auto-attach on it also attaches to that
    // origin's service workers, and Chromium holds a service worker's update check until every
    // attached page has answered. A tab closed while VS Code's webview host awaited that update
    // check (its first frame always does) never answered: the update never settled, every later
    // job of the webview worker's registration queued behind it, and no webview made its page.
    // The record of each failing run showed the tab's session attaching to both workers, then
    // 'Render process gone', then host frames whose update check never settles.
    // A test may ask for the tab to be closed once the sign-in came back, as a person closes it.
    if (todo.closeTab) {
      await closeSignInTab(page);
    }
  };
  context.on('page', (page) => {
    void (async () => {
      try {
        await page.waitForLoadState('domcontentloaded');
        if (verbose) {
          log(`browser harness: new tab ${page.url().slice(0, 160)}`);
        }
        const signIn = isInterstitial(page.url(), codeServerBase);
        if (signIn) {
          // It replaces itself with the sign-in page (directly when the browser reaches it).
          await page.waitForURL((u) => !isInterstitial(u.href, codeServerBase), { waitUntil: 'domcontentloaded', timeout: 30_000 });
          if (verbose) {
            log(`browser harness: the interstitial went to ${page.url().slice(0, 160)}`);
          }
        }
        if (page.url().startsWith(`${interop.url}/`)) {
          const todo = next;
          await driveInterop(page, interop, verbose);
          if (todo.closeTab) {
            await closeSignInTab(page);
          }
          return;
        }
        if (!isAuthorizePage(page.url()) || next.consent === 'ignore') {
          // A sign-in that asked for no consent (a returning user) came straight back: the person closes the tab all the same.
          if (signIn && next.closeTab && next.consent !== 'ignore') {
            await closeSignInTab(page);
          }
          return;
        }
        await consentOn(page, next);
      } catch (err) {
        log(`browser harness: ${err.message}`);
      }
    })();
  });
  return {
    /** Service worker registrations of webview hosts still to fail (see faultInjection.mjs). */
    serviceWorkerFaults: 0,
    /** Webview host frames still to be left waiting for their service worker forever (see faultInjection.mjs). */
    webviewHostHangs: 0,
    instruct(instruction) {
      const { open, approveOpenPage, serviceWorkerFaults, webviewHostHangs, axe, panelLayout, chatView, ...rest } = instruction;
      if (chatView) {
        void readChatView(context, chatView);
        return;
      }
      if (axe) {
        void checkAccessibility(context, axe);
        return;
      }
      if (panelLayout) {
        void checkPanelLayout(context, panelLayout, screenshots);
        return;
      }
      next = { ...next, ...rest };
      if (serviceWorkerFaults !== undefined) {
        this.serviceWorkerFaults = serviceWorkerFaults;
      }
      if (webviewHostHangs !== undefined) {
        this.webviewHostHangs = webviewHostHangs;
      }
      if (open) {
        void context
          .newPage()
          .then((p) => p.goto(open))
          .catch((err) => log(`browser harness: ${err.message}`));
      }
      if (approveOpenPage) {
        const page = context.pages().find((p) => isAuthorizePage(p.url()));
        if (page) {
          consentOn(page, next).catch((err) => log(`browser harness: ${err.message}`));
        } else {
          log('browser harness: no authorization page is open');
        }
      }
    },
  };
}
