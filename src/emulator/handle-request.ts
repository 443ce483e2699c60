/**
 * One request of the emulator's HTTP server (server.ts): rate limit, latency, fault decision,
 * body, route, authenticate, authorize the route's permission, run the handler in one store
 * transaction, make its writes durable, record a write in the audit log, answer in the envelope.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError, type EmulatorOptions, type PermissionNeed, type Principal, type RouteContext } from './contract.js';
import type { AuditLog } from './audit/audit-log.js';
import type { Faults, RateLimiter } from './faults.js';
import { CODES, TE_CL_ERROR, clientIpOf, errorBody, readJsonBody, sendError, sendJson, successBody, sendText } from './http.js';
import type { IdentityModule } from './modules.js';
import type { Router } from './router.js';
import type { MemoryStore } from './store.js';

export const API_PREFIX = '/client/v4';

export interface HandlerDeps {
  router: Router;
  identity: IdentityModule;
  store: MemoryStore;
  options: EmulatorOptions;
  now: () => Date;
  faults: Faults;
  limiter: RateLimiter | undefined;
  log: ((line: string) => void) | undefined;
  onWrite: () => void;
  auditLog: AuditLog;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function createHandler(deps: HandlerDeps): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    const started = Date.now();
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://emulator.invalid');
    let status = 0;
    const finish = (s: number): void => {
      status = s;
    };
    let extraHeaders: Record<string, string> = {};
    try {
      if (req.headers['transfer-encoding'] !== undefined && req.headers['content-length'] !== undefined) {
        res.setHeader('Connection', 'close');
        throw new ApiError(400, [TE_CL_ERROR]);
      }
      if (deps.limiter) {
        const decision = deps.limiter.take(Date.now());
        extraHeaders = decision.headers;
        if (decision.kind === 'limited') {
          const { requests, seconds } = deps.limiter.limit;
          throw new ApiError(429, [
            {
              code: CODES.rateLimited,
              message: `More than ${requests} requests per ${seconds} seconds reached. Please wait and consider throttling your request speed`,
            },
          ]);
        }
      }
      const fault = deps.faults.decide();
      if (deps.faults.latencyMs > 0) await sleep(deps.faults.latencyMs);
      if (fault.kind === 'refuse') {
        throw new ApiError(fault.status, [
          { code: CODES.unavailable, message: 'Injected fault: the service could not handle the request' },
        ]);
      }
      const result = await dispatch(deps, req, method, url).finally(() => {
        if (method !== 'GET' && method !== 'HEAD') deps.onWrite();
      });
      await deps.store.flush();
      if (fault.kind === 'lose-answer') {
        finish(-1);
        req.socket.destroy();
        return;
      }
      finish(result.status ?? 200);
      if (result.text !== undefined) sendText(res, status, result.text, extraHeaders);
      else sendJson(res, status, successBody(result), extraHeaders);
    } catch (err) {
      if (err instanceof ApiError) {
        finish(err.status);
        sendError(res, err, extraHeaders);
      } else {
        finish(500);
        deps.log?.(`internal error on ${method} ${url.pathname}: ${(err as Error)?.stack ?? String(err)}`);
        sendJson(res, 500, errorBody([{ code: CODES.internal, message: 'Internal error in the emulator' }]), extraHeaders);
      }
    } finally {
      deps.log?.(`${method} ${url.pathname}${url.search} ${status === -1 ? 'answer dropped (fault)' : status} ${Date.now() - started}ms`);
    }
  };
}

async function dispatch(deps: HandlerDeps, req: IncomingMessage, method: string, url: URL) {
  const path = url.pathname;
  const fullPath = path;
  if (path !== API_PREFIX && !path.startsWith(`${API_PREFIX}/`)) {
    throw new ApiError(404, [
      { code: CODES.noRoute, message: `Could not route to ${fullPath}, perhaps your object identifier is invalid?` },
    ]);
  }
  const match = deps.router.match(method, path.slice(API_PREFIX.length));
  if (match.kind === 'not-found') {
    // Drain the body so keep-alive connections stay usable.
    req.resume();
    throw new ApiError(404, [
      { code: CODES.noRoute, message: `Could not route to ${fullPath}, perhaps your object identifier is invalid?` },
    ]);
  }
  if (match.kind === 'wrong-method') {
    req.resume();
    throw new ApiError(405, [{ code: CODES.wrongMethod, message: 'No route for that URI' }]);
  }
  const body = await readJsonBody(req);
  const now = deps.now();
  const clientIp = clientIpOf(req);
  const principal: Principal = deps.identity.hooks.authenticate(req.headers, deps.store, now, clientIp);
  const authCtx = { store: deps.store, now, clientIp };
  const authorize = (need: PermissionNeed): void => deps.identity.hooks.authorize(principal, need, authCtx);
  const base: Omit<RouteContext, 'authorize' | 'can'> = {
    method,
    params: match.params,
    query: url.searchParams,
    body,
    headers: req.headers,
    clientIp,
    principal,
    store: deps.store,
    options: deps.options,
    now,
  };
  const ctx: RouteContext = {
    ...base,
    authorize,
    can(need) {
      try {
        authorize(need);
        return true;
      } catch (err) {
        if (err instanceof ApiError) return false;
        throw err;
      }
    },
  };
  const route = match.route;
  const need = route.permission?.(base);
  if (need) authorize(need);
  const result = await deps.store.transaction(() => route.handle(ctx));
  // Every successful write goes to the account's audit log, with the caller as its actor.
  if (method !== 'GET' && method !== 'HEAD' && (result.status ?? 200) < 400) {
    deps.auditLog.record({
      method,
      route: route.path,
      params: match.params,
      uri: `${path.slice(API_PREFIX.length)}${url.search}`,
      body,
      result: result.result,
      status: result.status ?? 200,
      principal,
      store: deps.store,
      now,
      clientIp,
      userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : '',
    });
  }
  return result;
}
