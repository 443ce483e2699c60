/** Exhaustive switches end here: a value the types say cannot exist. */
export function assertNever(value: never, what: string): never {
  throw new Error(`unexpected ${what}: ${JSON.stringify(value)}`);
}
