// A server "somebody else" runs, for the integration tests: two loopback ports (sign-in and API)
// that forward everything to another Sandbox and record every request they receive (method, path,
// headers, body) in a JSON-lines file. A repository's settings point an environment at it; the tests
// check what reached it, and the whole-run secret scan searches its record for the person's secrets.
//   GET <baseUrl>/__recorded   the requests so far (answered here, not forwarded)
import { createServer, request as httpRequest } from 'node:http';
import { appendFileSync } from 'node:fs';

/**
 * @param {{ authUpstream: string, apiUpstream: string, logFile: string }} options
 * @returns {Promise<{ authUrl: string, baseUrl: string, recorded: () => object[], close: () => Promise<void> }>}
 */
export async function startRecordingProxy({ authUpstream, apiUpstream, logFile }) {
  const recorded = [];
  const servers = [];
  const origins = {};
  const start = (role, upstream) =>
    new Promise((resolve) => {
      const target = new URL(upstream);
      const server = createServer((req, res) => {
        const chunks = [];
        req.on('data', (c) => chunks.push(c));
        req.on('end', () => {
          const body = Buffer.concat(chunks);
          if (role === 'api' && req.method === 'GET' && req.url === '/__recorded') {
            res.writeHead(200, { 'content-type': 'application/json' });
            res.end(JSON.stringify(recorded));
            return;
          }
          const entry = { at: new Date().toISOString(), role, method: req.method, url: req.url, headers: req.headers, body: body.toString('utf8') };
          recorded.push(entry);
          appendFileSync(logFile, `${JSON.stringify(entry)}\n`);
          const forward = httpRequest(
            { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
            (upstreamRes) => {
              const headers = { ...upstreamRes.headers };
              // Redirects within the other server stay on this proxy (its sign-in pages and forms).
              for (const [name, origin] of Object.entries(origins)) {
                const from = new URL(name === 'auth' ? authUpstream : apiUpstream).origin;
                if (typeof headers.location === 'string' && headers.location.startsWith(from)) {
                  headers.location = origin + headers.location.slice(from.length);
                }
              }
              res.writeHead(upstreamRes.statusCode ?? 502, headers);
              upstreamRes.pipe(res);
            },
          );
          forward.on('error', (err) => {
            res.writeHead(502, { 'content-type': 'text/plain' });
            res.end(`recording proxy: ${err.message}`);
          });
          forward.end(body);
        });
      });
      server.listen(0, '127.0.0.1', () => {
        origins[role] = `http://127.0.0.1:${server.address().port}`;
        servers.push(server);
        resolve();
      });
    });
  await start('auth', authUpstream);
  await start('api', apiUpstream);
  const path = (upstream) => new URL(upstream).pathname.replace(/\/+$/, '');
  return {
    authUrl: origins.auth + path(authUpstream),
    baseUrl: origins.api + path(apiUpstream),
    recorded: () => recorded,
    close: () => Promise.all(servers.map((s) => new Promise((r) => s.close(() => r())))).then(() => undefined),
  };
}
