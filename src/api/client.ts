/**
 * The HTTP client of the Cloudflare API v4 (docs/architecture.md, "HTTP"): one undici Pool per base URL with
 * keep-alive, credentials, the envelope, errors, retries with backoff and the shared limiter.
 * Secrets never reach an error message or a log line.
 */
import { errorHint } from './error-hints.js';
import type { Dispatcher } from 'undici';
import { Pool, poolConnector } from './undici-pool.js';
import type { IncomingHttpHeaders } from 'node:http';
import { InternalError, ZonectlError } from '../core/errors.js';
import { authHeaders, credentialVariablesNamed, redactSecrets, secretsOf, type Credentials } from './credentials.js';
import { Abandonable } from './abandon.js';
import { ApiNetworkError, ApiResponseError, CloudflareApiError, OutcomeUnknownError, flattenApiErrors } from './errors.js';
import { ListScanner, type ScannedList } from './stream-list.js';
import { checkRequestPath } from './api-ids.js';
import {
  DEFAULT_REQUEST_TIMEOUT_MS,
  DEFAULT_RESPONSE_LIMITS,
  RequestTimeoutError,
  ResponseTooLargeError,
  readCappedList,
  readCappedText,
  type ResponseLimits,
} from './response-limits.js';
import { defaultRateLimiter, systemClock, type Clock, type RateLimiter } from './rate-limiter.js';
import {
  DEFAULT_RETRY,
  backoffDelay,
  decideOnNetworkError,
  decideOnStatus,
  isIdempotent,
  parseRetryAfter,
  type RetryOptions,
} from './retry-policy.js';
import { describeNetworkError, excerpt, looksLikeWrongBaseUrl } from './network-failure.js';
import { DEFAULT_BASE_URL, buildQuery, parseBaseUrl, type QueryValue } from './request-url.js';

export { BaseUrlError, DEFAULT_BASE_URL, buildQuery, parseBaseUrl, type QueryValue } from './request-url.js';
export { looksLikeWrongBaseUrl } from './network-failure.js';

export interface ResultInfo {
  page?: number;
  per_page?: number;
  count?: number;
  total_count?: number;
  total_pages?: number;
}

export interface ApiResponse<T> {
  result: T;
  result_info?: ResultInfo;
  status: number;
  headers: IncomingHttpHeaders;
}

export interface RequestOptions {
  query?: Readonly<Record<string, QueryValue>>;
  body?: unknown;
  /**
   * For a list: read the answer's `result` as the body arrives (src/api/stream-list.ts), each
   * element handed to `decodeItem` a chunk or so after its bytes arrived; `result` is then the decoded elements.
   * A big list is then never held whole, as text or as raw objects. A `decodeItem` that throws
   * fails the request with its error (no retry).
   */
  decodeItem?: (item: unknown) => unknown;
  /** With `decodeItem`: the most elements this answer may hold (default the client's `maxListItems`). */
  maxItems?: number;
}

/** One line of the request log (never holds headers or bodies). */
export interface RequestLogEvent {
  method: string;
  path: string;
  attempt: number;
  status?: number;
  ms: number;
  outcome: 'ok' | 'retry' | 'error';
  detail?: string;
}

export interface ClientOptions {
  baseUrl?: string;
  credentials: Credentials;
  /** Use this dispatcher instead of an own Pool (tests: MockAgent). Not closed by `close()`. */
  dispatcher?: Dispatcher;
  /** Pool connections (default 8). */
  connections?: number;
  retry?: Partial<RetryOptions>;
  /** The limiter; default the process-wide one; `null` turns limiting off. */
  limiter?: RateLimiter | null;
  clock?: Clock;
  random?: () => number;
  headersTimeoutMs?: number;
  bodyTimeoutMs?: number;
  /**
   * Deadline of one exchange, from sending to the last byte of the answer (default 5 minutes,
   * `--request-timeout`): a server that trickles bytes cannot hold a run. An exchange past it is
   * not retried (a GET fails with API_TIMEOUT; a write's outcome is unknown).
   */
  requestTimeoutMs?: number;
  /** Once aborted, drops the exchange in flight and sends none after it (src/api/abandon.ts). */
  abandon?: AbortSignal;
  /** Size caps of answers (src/api/response-limits.ts). */
  limits?: Partial<ResponseLimits>;
  userAgent?: string;
  log?: (event: RequestLogEvent) => void;
}

interface Envelope {
  success?: unknown;
  errors?: unknown;
  result?: unknown;
  result_info?: unknown;
}

type Attempt<T> = { kind: 'ok'; response: ApiResponse<T> } | { kind: 'retry'; delayMs: number; error: Error };

export class CloudflareClient {
  readonly baseUrl: string;
  /** How the client authenticates (a token can be checked with GET /user/tokens/verify). */
  readonly authKind: Credentials['kind'];
  /** The variables the credential came from, named when the service refuses it (never the value). */
  private readonly credentialVariables: string;
  private readonly origin: string;
  private readonly prefix: string;
  private readonly dispatcher: Dispatcher;
  private readonly ownsDispatcher: boolean;
  private readonly auth: Record<string, string>;
  private readonly secrets: string[];
  private readonly retry: RetryOptions;
  private readonly limiter: RateLimiter | null;
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly headersTimeoutMs: number;
  private readonly bodyTimeoutMs: number;
  private readonly requestTimeoutMs: number;
  private readonly abandon: Abandonable;
  /** Size caps of answers (src/api/response-limits.ts). */
  readonly limits: ResponseLimits;
  private readonly userAgent: string;
  private readonly log: ((event: RequestLogEvent) => void) | undefined;

  constructor(options: ClientOptions) {
    this.baseUrl = options.baseUrl ?? DEFAULT_BASE_URL;
    const { origin, prefix } = parseBaseUrl(this.baseUrl);
    this.origin = origin;
    this.prefix = prefix;
    this.headersTimeoutMs = options.headersTimeoutMs ?? 60_000;
    this.bodyTimeoutMs = options.bodyTimeoutMs ?? 120_000;
    this.requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    if (!(this.requestTimeoutMs > 0)) throw new InternalError('requestTimeoutMs must be positive');
    this.abandon = new Abandonable(options.abandon);
    this.limits = { ...DEFAULT_RESPONSE_LIMITS, ...options.limits };
    if (options.dispatcher) {
      this.dispatcher = options.dispatcher;
      this.ownsDispatcher = false;
    } else {
      this.dispatcher = new Pool(origin, {
        connections: options.connections ?? 8,
        pipelining: 1,
        keepAliveTimeout: 10_000,
        headersTimeout: this.headersTimeoutMs,
        bodyTimeout: this.bodyTimeoutMs,
        connect: poolConnector(),
      });
      this.ownsDispatcher = true;
    }
    this.authKind = options.credentials.kind;
    this.credentialVariables = credentialVariablesNamed(options.credentials);
    this.auth = authHeaders(options.credentials);
    this.secrets = secretsOf(options.credentials);
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    if (!(this.retry.maxAttempts >= 1)) throw new InternalError('retry.maxAttempts must be at least 1');
    this.limiter = options.limiter === undefined ? defaultRateLimiter() : options.limiter;
    this.clock = options.clock ?? systemClock;
    this.random = options.random ?? Math.random;
    this.userAgent = options.userAgent ?? 'zonectl';
    this.log = options.log;
  }

  /** Closes the own connection pool (an injected dispatcher is left alone). */
  async close(): Promise<void> {
    if (this.ownsDispatcher) await this.dispatcher.close();
  }

  /**
   * Sends one API request and returns the envelope's result. Throws CloudflareApiError (the
   * service said no), ApiResponseError (not the envelope), ApiNetworkError (no answer after
   * the retries) or OutcomeUnknownError (a POST that may have been acted on).
   */
  async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    try {
      checkRequestPath(method, path); // no request leaves with `..`, `%2F` or a query in its path (src/api/api-ids.ts)
      return await this.requestWithRetries<T>(method.toUpperCase(), path, options);
    } catch (err) {
      // Last line of defence: no secret leaves through an error message.
      if (err instanceof Error) err.message = redactSecrets(err.message, this.secrets);
      throw err;
    }
  }

  private async requestWithRetries<T>(method: string, path: string, options: RequestOptions): Promise<ApiResponse<T>> {
    const target = `${this.prefix}${path}${buildQuery(options.query)}`;
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string> = {
      ...this.auth,
      accept: 'application/json',
      'user-agent': this.userAgent,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    };
    for (let attempt = 1; ; attempt++) {
      const outcome = await this.attempt<T>(method, path, target, headers, body, attempt, options);
      if (outcome.kind === 'ok') return outcome.response;
      if (attempt >= this.retry.maxAttempts) throw outcome.error;
      await this.clock.sleep(outcome.delayMs);
    }
  }

  private emit(event: RequestLogEvent): void {
    if (!this.log) return;
    const detail = event.detail === undefined ? undefined : redactSecrets(event.detail, this.secrets);
    this.log({ ...event, ...(detail !== undefined ? { detail } : {}) });
  }

  private async attempt<T>(
    method: string,
    path: string,
    target: string,
    headers: Record<string, string>,
    body: string | undefined,
    attempt: number,
    options: RequestOptions,
  ): Promise<Attempt<T>> {
    const decodeItem = options.decodeItem;
    this.abandon.check(method, path);
    if (this.limiter) await this.limiter.acquire();
    const started = this.clock.now();
    let status: number;
    let responseHeaders: IncomingHttpHeaders;
    let text: string;
    let scanned: ScannedList<unknown> | undefined;
    // The deadline of the whole exchange (undici's own timeouts only bound the gaps between bytes).
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), this.requestTimeoutMs);
    const unlink = this.abandon.link(deadline);
    try {
      const res = await this.dispatcher.request({
        origin: this.origin,
        path: target,
        method: method as Dispatcher.HttpMethod,
        headers,
        body,
        headersTimeout: this.headersTimeoutMs,
        bodyTimeout: this.bodyTimeoutMs,
        signal: deadline.signal,
      });
      status = res.statusCode;
      responseHeaders = res.headers;
      const what = `${method} ${path}`;
      if (decodeItem !== undefined && status >= 200 && status < 300) {
        const scanner = new ListScanner(decodeItem);
        await readCappedList(res.body, scanner, this.limits, options.maxItems ?? this.limits.maxListItems, what);
        scanned = scanner.finish();
        text = scanned.envelope;
      } else {
        text = await readCappedText(res.body, this.limits.maxBodyBytes, what);
      }
      this.limiter?.observe(responseHeaders);
    } catch (err) {
      this.limiter?.release();
      this.abandon.check(method, path); // before the deadline's verdict: the abandon aborted it too
      const timedOut = deadline.signal.aborted;
      deadline.abort(); // stops reading an answer that was refused (too large): the connection is dropped
      const refused = this.refusedExchange(method, path, err, timedOut);
      if (refused !== undefined) {
        this.emit({ method, path, attempt, ms: this.clock.now() - started, outcome: 'error', detail: refused.message });
        throw refused;
      }
      const detail = describeNetworkError(err) + (looksLikeWrongBaseUrl(err) ? this.baseUrlHint() : '');
      const ms = this.clock.now() - started;
      const decision = decideOnNetworkError(method, err);
      if (decision === undefined || decision.kind === 'unknown') {
        this.emit({ method, path, attempt, ms, outcome: 'error', detail });
        if (isIdempotent(method)) throw new ApiNetworkError(method, path, detail, attempt, err);
        throw new OutcomeUnknownError(method, path, `connection failed: ${detail}`, err);
      }
      this.emit({ method, path, attempt, ms, outcome: 'retry', detail });
      return {
        kind: 'retry',
        delayMs: backoffDelay(attempt, this.retry, this.random),
        error: new ApiNetworkError(method, path, detail, attempt, err),
      };
    } finally {
      clearTimeout(timer);
      unlink();
    }
    const ms = this.clock.now() - started;
    const decision = decideOnStatus(method, status);
    if (decision.kind !== 'done') {
      const apiError = this.toError<T>(method, path, status, text, attempt);
      if (decision.kind === 'unknown') {
        this.emit({ method, path, attempt, status, ms, outcome: 'error', detail: apiError.message });
        throw new OutcomeUnknownError(method, path, `the service answered ${status}`, apiError);
      }
      const retryAfter = parseRetryAfter(responseHeaders['retry-after'], this.clock.now());
      if (retryAfter !== undefined && retryAfter > this.retry.maxRetryAfterMs) {
        this.emit({ method, path, attempt, status, ms, outcome: 'error', detail: `Retry-After ${retryAfter} ms` });
        throw apiError;
      }
      if (status === 429 && retryAfter !== undefined && this.limiter) this.limiter.pauseFor(retryAfter);
      const delayMs = retryAfter ?? backoffDelay(attempt, this.retry, this.random);
      this.emit({ method, path, attempt, status, ms, outcome: 'retry', detail: `retry in ${delayMs} ms` });
      return { kind: 'retry', delayMs, error: apiError };
    }
    const parsed = this.parseEnvelope<T>(method, path, status, text, responseHeaders, attempt);
    this.emit({ method, path, attempt, status, ms, outcome: parsed instanceof Error ? 'error' : 'ok' });
    if (parsed instanceof Error) throw parsed;
    if (scanned?.failure !== undefined) {
      const cause = scanned.failure.error;
      if (cause instanceof ZonectlError) throw cause;
      throw new ApiResponseError(
        method,
        path,
        status,
        `an element of \`result\` could not be read: ${cause instanceof Error ? cause.message : String(cause)}`,
      );
    }
    return { kind: 'ok', response: scanned?.items !== undefined ? { ...parsed, result: scanned.items as T } : parsed };
  }

  /**
   * An exchange zonectl gave up on, never retried: past the deadline, or an answer too large. A
   * write may have been acted on, so its outcome is unknown (re-read before anything is re-sent).
   */
  private refusedExchange(method: string, path: string, err: unknown, timedOut: boolean): Error | undefined {
    let reason: ZonectlError | undefined;
    if (err instanceof ResponseTooLargeError) reason = err;
    else if (timedOut) {
      reason = new RequestTimeoutError(
        `${method} ${path}: no complete answer within ${this.requestTimeoutMs / 1000} s (--request-timeout); is ${this.baseUrl} the Cloudflare API v4, and reachable?`,
      );
    }
    if (reason === undefined) return undefined;
    return isIdempotent(method) ? reason : new OutcomeUnknownError(method, path, reason.message, reason);
  }

  /** Where to look when the base URL answers like something other than the API. */
  private baseUrlHint(): string {
    return `; is ${this.baseUrl} the Cloudflare API v4? check CLOUDFLARE_BASE_URL (or --base-url; default ${DEFAULT_BASE_URL})`;
  }

  /** The error an answer stands for (used for refusals that will be retried or reported). */
  private toError<T>(method: string, path: string, status: number, text: string, attempt: number): Error {
    const parsed = this.parseEnvelope<T>(method, path, status, text, {}, attempt);
    if (parsed instanceof Error) return parsed;
    return new CloudflareApiError({ status, errors: [], method, path, attempts: attempt });
  }

  private parseEnvelope<T>(
    method: string,
    path: string,
    status: number,
    text: string,
    headers: IncomingHttpHeaders,
    attempt: number,
  ): ApiResponse<T> | Error {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      const what = text.trim() === '' ? 'empty body' : `body is not the API's JSON envelope: ${excerpt(text)}`;
      return new ApiResponseError(method, path, status, redactSecrets(what, this.secrets) + this.baseUrlHint());
    }
    const envelope = value as Envelope;
    if (status >= 400 || envelope.success === false) {
      const { errors, wrappers } = flattenApiErrors(envelope.errors);
      return new CloudflareApiError({
        status,
        errors,
        wrappers,
        method,
        path,
        attempts: attempt,
        hint: errorHint(errors, this.baseUrl, this.authKind, this.credentialVariables),
      });
    }
    const info = envelope.result_info;
    return {
      result: envelope.result as T,
      ...(info !== null && typeof info === 'object' ? { result_info: info as ResultInfo } : {}),
      status,
      headers,
    };
  }
}
