import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleAdmin } from './admin';
import { handleAuthorizeGet, handleAuthorizePost, handleSignOut } from './authorize';
import { renderErrorPage } from './consentPage';
import { createGraphqlHandler, processGraphqlRequest } from './graphqlEndpoint';
import { allowedHost, misdirectedMessage } from './hostCheck';
import { BodyTooLargeError, readBody, sendHtml, sendJson } from './http';
import { jsonResponse, respondWithFaults } from './respond';
import type { SandboxState } from './state';
import { countTokenRequest, parseTokenRequest, processTokenRequest, tokenError } from './token';

/** Loopback only: the Sandbox never listens on other interfaces. */
export const SANDBOX_HOST = '127.0.0.1';

function requestUrl(req: IncomingMessage): URL {
  return new URL(req.url ?? '/', `http://${SANDBOX_HOST}`);
}

function portOf(address: string): number {
  return Number(new URL(address).port);
}

/** Runs a handler and turns an unexpected failure into a 500 instead of a crash. */
function guarded(state: SandboxState, html: boolean, handler: (req: IncomingMessage, res: ServerResponse) => Promise<void> | void): RequestListener {
  return (req, res) => {
    void (async () => {
      try {
        await handler(req, res);
      } catch (err) {
        state.log(`[error] ${req.method ?? ''} ${requestUrl(req).pathname}: ${(err as Error).message}`);
        if (res.headersSent || res.destroyed) {
          res.destroy();
          return;
        }
        if (html) {
          sendHtml(res, 500, renderErrorPage('Sandbox error', 'The Sandbox failed to handle this request.'));
        } else {
          sendJson(res, 500, { error: 'server_error', error_description: 'The Sandbox failed to handle this request.', errors: [{ message: 'Internal server error' }] });
        }
      }
    })();
  };
}

/** Request listener of the authorization server on {auth_url}: E1, its consent form and sign-out. */
export function authListener(state: SandboxState): RequestListener {
  return guarded(state, true, async (req, res) => {
    const port = portOf(state.authUrl);
    if (!allowedHost(req, port, state.forwardedAuthHosts)) {
      sendHtml(res, 421, renderErrorPage('Wrong address', misdirectedMessage(req, port)));
      return;
    }
    const url = requestUrl(req);
    if (url.pathname === '/oauth/authorize') {
      if (req.method === 'GET') {
        handleAuthorizeGet(state, req, res, url);
      } else if (req.method === 'POST') {
        await handleAuthorizePost(state, req, res);
      } else {
        sendHtml(res, 405, renderErrorPage('Method not allowed', 'Use GET for the authorization endpoint.'), { Allow: 'GET, POST' });
      }
      return;
    }
    if (url.pathname === '/oauth/signout' && (req.method === 'GET' || req.method === 'POST')) {
      handleSignOut(state, req, res);
      return;
    }
    sendHtml(res, 404, renderErrorPage('Not found', `There is nothing at ${url.pathname} on the authorization server.`));
  });
}

/** Request listener of the API server on {base_url}: E2, E3 and, when started with a key, the admin endpoint. */
export function apiListener(state: SandboxState): RequestListener {
  const graphqlHandler = createGraphqlHandler(state);
  return guarded(state, false, async (req, res) => {
    const port = portOf(state.baseUrl);
    // Only the extension and test code call {base_url}, never a browser: no forwarded names here.
    if (!allowedHost(req, port)) {
      sendJson(res, 421, { error: 'misdirected_request', error_description: misdirectedMessage(req, port) });
      return;
    }
    const url = requestUrl(req);
    const path = url.pathname;
    if (state.adminKey !== undefined && (path === '/admin' || path.startsWith('/admin/'))) {
      await handleAdmin(state, req, res, path);
      return;
    }
    if (path === '/v1/oauth/token') {
      let body: string;
      try {
        body = req.method === 'POST' ? await readBody(req) : '';
      } catch (err) {
        if (err instanceof BodyTooLargeError) {
          sendJson(res, 413, { error: 'invalid_request', error_description: err.message });
          return;
        }
        throw err;
      }
      const parsed = parseTokenRequest(req, body);
      countTokenRequest(state, parsed);
      await respondWithFaults(state, 'token', req, res, async () => {
        const response = await processTokenRequest(state, req, parsed);
        state.log(`[token] -> ${response.status}`);
        return response;
      });
      return;
    }
    if (path === '/v1/graphql') {
      state.stats.graphql += 1;
      await respondWithFaults(state, 'graphql', req, res, async () => {
        const response = await processGraphqlRequest(state, graphqlHandler, req, url);
        state.log(`[graphql] ${req.method ?? ''} -> ${response.status}`);
        return response;
      });
      return;
    }
    const notFound =
      path === '/oauth/authorize'
        ? tokenError('invalid_request', 'The authorization endpoint is on {auth_url}, not on {base_url}')
        : jsonResponse(404, { error: 'not_found', error_description: `There is nothing at ${path}; the API paths are /v1/oauth/token and /v1/graphql.` });
    res.writeHead(404, notFound.headers);
    res.end(notFound.body);
  });
}

/** Listens on 127.0.0.1 and resolves with the bound port. */
export function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.once('error', onError);
    server.listen(port, SANDBOX_HOST, () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** Stops accepting connections and drops open ones (including keep-alive). */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) {
      resolve();
      return;
    }
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
