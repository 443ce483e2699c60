/**
 * The pieces of the quick check (./quick-check.ts) that do not depend on the schema being compiled:
 * what ajv counts as a plain object, a string's length in code points, a JSON primitive, and the
 * check of a `type` keyword. Pure.
 */

export type Check = (data: unknown) => boolean;

export function isPlainObject(data: unknown): data is Record<string, unknown> {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return false;
  const proto = Object.getPrototypeOf(data) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Length in code points, as ajv counts it (a surrogate pair is one character). */
export function codePointLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i += 1) {
    n += 1;
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i += 1;
  }
  return n;
}

export function isPrimitive(v: unknown): v is string | number | boolean | null {
  return v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
}

export function typeCheck(type: unknown): Check | null {
  const one = (t: unknown): Check | null => {
    switch (t) {
      case 'string':
        return (d) => typeof d === 'string';
      case 'integer':
        return (d) => typeof d === 'number' && Number.isInteger(d);
      case 'number':
        return (d) => typeof d === 'number' && Number.isFinite(d);
      case 'boolean':
        return (d) => typeof d === 'boolean';
      case 'null':
        return (d) => d === null;
      case 'object':
        return isPlainObject;
      case 'array':
        return (d) => Array.isArray(d);
      default:
        return null;
    }
  };
  if (!Array.isArray(type)) return one(type);
  const checks = type.map(one);
  if (checks.some((c) => c === null)) return null;
  const all = checks as Check[];
  return (d) => all.some((c) => c(d));
}
