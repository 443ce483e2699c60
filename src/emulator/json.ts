/** A JSON object (not an array, not null): the shape of request bodies and their members. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
