import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import type { FaultSpec, FaultTarget } from './faults';
import type { SandboxState } from './state';

/** A response computed by an endpoint, before faults are applied. */
export interface EndpointResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Builds a JSON {@link EndpointResponse}. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): EndpointResponse {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers }, body: JSON.stringify(body) };
}

function write(res: ServerResponse, r: EndpointResponse): void {
  if (res.destroyed) {
    return;
  }
  res.writeHead(r.status, { ...r.headers, 'content-length': String(Buffer.byteLength(r.body)) });
  res.end(r.body);
}

const REASONS: Record<number, [error: string, description: string]> = {
  400: ['invalid_request', 'The request was rejected (injected fault).'],
  401: ['invalid_token', 'The access token was rejected (injected fault).'],
  403: ['forbidden', 'The originating IP address is not permitted (injected fault).'],
  429: ['rate_limited', 'Too many requests (injected fault); retry after the time in Retry-After.'],
  500: ['server_error', 'Internal server error (injected fault); retry after a short while.'],
};

/** The response an injected status fault produces, shaped like the endpoint's own errors. */
function statusFaultResponse(f: Extract<FaultSpec, { kind: 'status' }>, target: FaultTarget): EndpointResponse {
  const [error, description] = REASONS[f.status];
  const headers: Record<string, string> = {};
  if (f.status === 429) {
    headers['retry-after'] = f.retryAfter ?? '1';
  } else if (f.retryAfter !== undefined) {
    headers['retry-after'] = f.retryAfter;
  }
  if (f.status === 401) {
    headers['www-authenticate'] = target === 'token' ? 'Basic realm="Tenant GraphQL Sandbox"' : 'Bearer error="invalid_token"';
  }
  const tokenError = target === 'token' && f.status === 401 ? 'invalid_client' : target === 'token' && f.status === 429 ? 'temporarily_unavailable' : error;
  const body = target === 'token' ? { error: tokenError, error_description: description } : { error, error_description: description, errors: [{ message: description }] };
  return jsonResponse(f.status, body, headers);
}

/** Pads a JSON object response to at least `bytes` bytes, keeping it valid JSON. */
function pad(r: EndpointResponse, bytes: number, target: FaultTarget): EndpointResponse {
  let parsed: unknown;
  try {
    parsed = JSON.parse(r.body);
  } catch {
    return r;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return r;
  }
  const obj = parsed as Record<string, unknown>;
  const missing = Math.max(0, bytes - Buffer.byteLength(r.body));
  const padding = 'x'.repeat(missing);
  const padded = target === 'graphql' ? { ...obj, extensions: { ...(obj.extensions as Record<string, unknown> | undefined), padding } } : { ...obj, padding };
  return { ...r, body: JSON.stringify(padded) };
}

function resetConnection(socket: Socket): void {
  socket.resetAndDestroy();
}

/**
 * Answers a request of a fault-injectable endpoint: takes the pending faults for the target,
 * waits for injected latency, then either produces the fault or the real response (padded by a
 * huge fault).
 */
export async function respondWithFaults(
  state: SandboxState,
  target: FaultTarget,
  req: IncomingMessage,
  res: ServerResponse,
  produce: () => Promise<EndpointResponse>,
): Promise<void> {
  const plan = state.faults.take(target);
  if (plan.latencyMs > 0) {
    await delay(plan.latencyMs);
  }
  const f = plan.fault;
  if (f?.kind === 'reset') {
    state.log(`[fault] reset connection (${target})`);
    resetConnection(req.socket);
    return;
  }
  if (f?.kind === 'status') {
    state.log(`[fault] HTTP ${f.status} (${target})`);
    write(res, statusFaultResponse(f, target));
    return;
  }
  if (f?.kind === 'malformedJson') {
    state.log(`[fault] malformed JSON (${target})`);
    const body =
      f.variant === 'html'
        ? '<html><body><h1>502 Bad Gateway</h1></body></html>'
        : target === 'graphql'
          ? '{"data":{"tasks":{"edges":[{"node":{"id":"task-1","name":"Rot'
          : '{"token_type":"bearer","expires_in":36';
    write(res, { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body });
    return;
  }
  let response = await produce();
  if (f?.kind === 'huge') {
    state.log(`[fault] huge response (${target})`);
    response = pad(response, f.bytes, target);
  }
  write(res, response);
}
