/**
 * Mutations of a zone file's bytes for the fuzz tests: random bytes (invalid UTF-8, control
 * characters, YAML indicators), cut and repeated ranges, alias bombs, deep nesting, keys made to
 * forge a problem line, malformed `${VAR}`. Shared by validate.fuzz and plan-no-call.fuzz.
 */
import fc from 'fast-check';
import { aliasBomb } from '../fixtures/zonefile/hostile.js';

/** A mutation of the file's bytes. */
export type Mutation = (bytes: Buffer) => Buffer;

const at = (bytes: Buffer, f: number): number => Math.floor(f * (bytes.length + 1));
const splice = (bytes: Buffer, where: number, remove: number, insert: Buffer): Buffer =>
  Buffer.concat([bytes.subarray(0, where), insert, bytes.subarray(Math.min(bytes.length, where + remove))]);

const fraction = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });

/** Replaces the value after one `key: ` (chosen by `f`) up to the next `,`, `}` or end of line. */
function replaceValue(bytes: Buffer, f: number, value: string): Buffer {
  const starts: number[] = [];
  for (let i = bytes.indexOf(': '); i >= 0; i = bytes.indexOf(': ', i + 2)) starts.push(i + 2);
  if (starts.length === 0) return bytes;
  const start = starts[Math.floor(f * starts.length)];
  let end = start;
  while (end < bytes.length && ![0x2c, 0x7d, 0x0a].includes(bytes[end])) end += 1;
  return splice(bytes, start, end - start, Buffer.from(value));
}

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  // Random bytes anywhere: invalid UTF-8 (0x80..0xff), control characters, YAML indicators.
  fc.tuple(fraction, fc.uint8Array({ minLength: 1, maxLength: 8 })).map(
    ([f, b]): Mutation =>
      (bytes) =>
        splice(bytes, at(bytes, f), 0, Buffer.from(b)),
  ),
  fc.tuple(fraction, fc.constantFrom(...'{}[]&*!|>:-#"\'%@`,?\t\n\r\u0000\u001b\u0085\u2028'.split(''))).map(
    ([f, c]): Mutation =>
      (bytes) =>
        splice(bytes, at(bytes, f), 0, Buffer.from(c)),
  ),
  // Cut a range out, or repeat one (broken structure, duplicate keys).
  fc.tuple(fraction, fc.integer({ min: 1, max: 200 })).map(
    ([f, n]): Mutation =>
      (bytes) =>
        splice(bytes, at(bytes, f), n, Buffer.alloc(0)),
  ),
  fc.tuple(fraction, fraction).map(
    ([f, g]): Mutation =>
      (bytes) => {
        const a = at(bytes, Math.min(f, g));
        const b = at(bytes, Math.max(f, g));
        return splice(bytes, b, 0, bytes.subarray(a, Math.min(b, a + 2000)));
      },
  ),
  // An alias bomb, deep nesting or a key made to forge a problem line, added at the end.
  fc.tuple(fc.integer({ min: 2, max: 12 }), fc.integer({ min: 2, max: 12 })).map(
    ([levels, width]): Mutation =>
      (bytes) =>
        Buffer.concat([bytes, Buffer.from(`\n${aliasBomb(levels, width, 'x-fuzz').split('\n').slice(2, -2).join('\n')}\n`)]),
  ),
  fc.integer({ min: 1, max: 5000 }).map(
    (depth): Mutation =>
      (bytes) =>
        Buffer.concat([bytes, Buffer.from(`\nx-deep: ${'['.repeat(depth)}${']'.repeat(depth)}\n`)]),
  ),
  fc.string({ maxLength: 20 }).map(
    (s): Mutation =>
      (bytes) =>
        Buffer.concat([bytes, Buffer.from(`\nx-key: { ${JSON.stringify(`a\n${s}b.yaml:1:1 forged`)}: 1 }\n`)]),
  ),
  // A field's value replaced by one the service refuses or that is not of the field's type.
  fc
    .tuple(
      fraction,
      fc.constantFrom(
        '300.0.2.10',
        '-1',
        '0',
        '86401',
        'MXX',
        '"a|b"',
        '""',
        'null',
        '[]',
        '{}',
        `"${'x'.repeat(300)}"`,
        '"-bad-.example.com"',
        '1e309',
        'yes',
      ),
    )
    .map(
      ([f, value]): Mutation =>
        (bytes) =>
          replaceValue(bytes, f, value),
    ),
  // A value with an unset or malformed ${VAR}.
  fraction.map(
    (f): Mutation =>
      (bytes) =>
        splice(bytes, at(bytes, f), 0, Buffer.from('${UNSET_${')),
  ),
);

/** One to four mutations of `base`. */
export function mutatedBytes(base: Buffer): fc.Arbitrary<Buffer> {
  return fc.array(mutation, { minLength: 1, maxLength: 4 }).map((ms) => ms.reduce<Buffer>((b, m) => m(b), base));
}
