/** Base class for zonectl's own errors: a string `code` a caller can switch on, and an optional cause. */
export class ZonectlError extends Error {
  readonly code: string;
  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.name = new.target.name;
  }
}

/** Exhaustiveness check for `switch` over tagged unions. */
export function assertNever(value: never, what = 'value'): never {
  throw new Error(`unexpected ${what}: ${JSON.stringify(value)}`);
}
