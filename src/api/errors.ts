/**
 * Errors of the HTTP client side. Every message is built from method, path, status and the
 * service's error codes/messages only: never from headers or request bodies, so no credential
 * can leak through them (the client also redacts its own secrets as a last line of defence).
 */
import { ZonectlError } from '../core/errors.js';

/** One error item of the service's envelope, as zonectl reads it. */
export interface ApiErrorDetail {
  readonly code: number;
  readonly message: string;
}

/** Raw error item of the envelope: `error_chain` holds root causes under a wrapper (1004). */
interface RawErrorItem {
  code?: unknown;
  message?: unknown;
  error_chain?: unknown;
}

export interface FlattenedErrors {
  /** Root causes, in order: what the caller acts on. The same for wrapped and bare forms. */
  readonly errors: ApiErrorDetail[];
  /** Wrapper items (e.g. 1004 "DNS Validation Error") that held an `error_chain`. */
  readonly wrappers: ApiErrorDetail[];
}

function toDetail(item: RawErrorItem): ApiErrorDetail {
  const code = typeof item.code === 'number' ? item.code : Number(item.code ?? 0) || 0;
  const message = typeof item.message === 'string' ? item.message : '';
  return { code, message };
}

/**
 * Flattens the envelope's `errors`: an item with a non-empty `error_chain` is a wrapper; its
 * chain (recursively) holds the root causes. `[{1004, chain:[{9005}]}]` and `[{9005}]` both give
 * `errors: [{9005}]`; the first also remembers the wrapper.
 */
export function flattenApiErrors(raw: unknown): FlattenedErrors {
  const errors: ApiErrorDetail[] = [];
  const wrappers: ApiErrorDetail[] = [];
  const visit = (items: unknown, depth: number): void => {
    if (!Array.isArray(items)) return;
    for (const item of items) {
      if (item === null || typeof item !== 'object') continue;
      const it = item as RawErrorItem;
      if (Array.isArray(it.error_chain) && it.error_chain.length > 0 && depth < 8) {
        wrappers.push(toDetail(it));
        visit(it.error_chain, depth + 1);
      } else {
        errors.push(toDetail(it));
      }
    }
  };
  visit(raw, 0);
  // A wrapper whose chain held nothing usable still explains the failure.
  if (errors.length === 0 && wrappers.length > 0) errors.push(...wrappers.splice(0));
  return { errors, wrappers };
}

/** `400 81057 Record already exists.; 9005 ...` */
function describeErrors(status: number, errors: readonly ApiErrorDetail[]): string {
  if (errors.length === 0) return `${status} (no error detail in the response)`;
  return `${status} ${errors.map((e) => `${e.code} ${e.message}`.trim()).join('; ')}`;
}

/** The service answered with an error (envelope `success: false` or an error status). */
export class CloudflareApiError extends ZonectlError {
  readonly status: number;
  readonly errors: ApiErrorDetail[];
  readonly wrappers: ApiErrorDetail[];
  readonly method: string;
  readonly path: string;
  /** How many attempts were made (retries included). */
  readonly attempts: number;
  constructor(args: {
    status: number;
    errors: ApiErrorDetail[];
    wrappers?: ApiErrorDetail[];
    method: string;
    path: string;
    attempts?: number;
    /** What to check (a setting or variable, never its value): src/api/error-hints.ts. */
    hint?: string;
  }) {
    super(
      'API_ERROR',
      `${args.method} ${args.path}: ${describeErrors(args.status, args.errors)}${args.hint !== undefined ? `; ${args.hint}` : ''}`,
    );
    this.status = args.status;
    this.errors = args.errors;
    this.wrappers = args.wrappers ?? [];
    this.method = args.method;
    this.path = args.path;
    this.attempts = args.attempts ?? 1;
  }

  /** True when any root cause has this code. */
  hasCode(code: number): boolean {
    return this.errors.some((e) => e.code === code);
  }
}

/** The response was not the service's JSON envelope (a proxy page, an HTML error, garbage). */
export class ApiResponseError extends ZonectlError {
  readonly status: number;
  readonly method: string;
  readonly path: string;
  constructor(method: string, path: string, status: number, detail: string) {
    super('API_BAD_RESPONSE', `${method} ${path}: ${status} ${detail}`);
    this.status = status;
    this.method = method;
    this.path = path;
  }
}

/** No answer (connection refused, reset, timeout) after the retries allowed. */
export class ApiNetworkError extends ZonectlError {
  readonly method: string;
  readonly path: string;
  readonly attempts: number;
  constructor(method: string, path: string, detail: string, attempts: number, cause?: unknown) {
    super('API_NETWORK', `${method} ${path}: ${detail} (after ${attempts} attempt${attempts === 1 ? '' : 's'})`, {
      cause,
    });
    this.method = method;
    this.path = path;
    this.attempts = attempts;
  }
}

/**
 * A non-idempotent request (POST) was sent but no definite answer came back: the service may or
 * may not have acted. The caller must re-read before sending it again.
 */
export class OutcomeUnknownError extends ZonectlError {
  readonly method: string;
  readonly path: string;
  constructor(method: string, path: string, detail: string, cause?: unknown) {
    super('OUTCOME_UNKNOWN', `${method} ${path}: outcome unknown (${detail}); re-read before re-sending`, { cause });
    this.method = method;
    this.path = path;
  }
}

/**
 * The caller gave up on an exchange (its client's `abandon` signal: a second Ctrl-C): dropped
 * before its answer arrived, never retried. A write's outcome is unknown.
 */
export class ExchangeAbandonedError extends ZonectlError {
  constructor(method: string, path: string) {
    super('INTERRUPTED', `${method} ${path} was abandoned before its answer arrived`);
  }
}

/** Credentials are missing or incomplete in the environment. */
export class CredentialsError extends ZonectlError {
  constructor(message: string) {
    super('CREDENTIALS', message);
  }
}
