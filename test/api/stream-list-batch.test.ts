/**
 * The scanner parses the elements that complete in one chunk with one JSON.parse. Whatever the
 * chunking, the outcome must be the one of reading the elements one by one: every element before
 * the first bad one decoded, in order, and the failure of that first bad one (an element that
 * is not JSON, one that is no object, or one whose decode throws); nothing decoded after it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ListScanner } from '../../src/api/stream-list.js';

type Bad = 'malformed' | 'number' | 'string' | 'throws';

/** An element's JSON text: a good object, or one of the bad kinds. */
function elementText(index: number, bad: Bad | undefined, filler: string): string {
  switch (bad) {
    case undefined:
      return JSON.stringify({ id: `r${index}`, content: filler, tags: [filler], meta: { n: index } });
    case 'malformed':
      return `{"id":"r${index}","content":${JSON.stringify(filler)},"ttl":tru}`;
    case 'number':
      return String(index);
    case 'string':
      return JSON.stringify(filler);
    case 'throws':
      return JSON.stringify({ id: `r${index}`, content: filler, throws: true });
  }
}

function scanIn(body: string, cuts: readonly number[]) {
  const bytes = Buffer.from(body, 'utf8');
  const decoded: string[] = [];
  const scanner = new ListScanner((x) => {
    const item = x as { id: string; throws?: boolean };
    if (item.throws) throw new Error(`decode refused ${item.id}`);
    decoded.push(item.id);
    return item.id;
  });
  let from = 0;
  for (const cut of [...new Set(cuts)].sort((a, b) => a - b)) {
    const at = Math.min(cut, bytes.length);
    scanner.push(bytes.subarray(from, at));
    from = at;
  }
  scanner.push(bytes.subarray(from));
  return { out: scanner.finish(), decoded };
}

/** What reading the elements one by one gives: the ids before the first bad one, and its kind. */
function expected(kinds: ReadonlyArray<Bad | undefined>): { ids: string[]; failure: Bad | undefined } {
  const ids: string[] = [];
  for (const [index, bad] of kinds.entries()) {
    if (bad !== undefined) return { ids, failure: bad };
    ids.push(`r${index}`);
  }
  return { ids, failure: undefined };
}

function failureMatches(error: unknown, bad: Bad): boolean {
  const message = error instanceof Error ? error.message : String(error);
  switch (bad) {
    case 'malformed':
      return error instanceof SyntaxError;
    case 'number':
    case 'string':
      return message === 'an element of `result` is not an object';
    case 'throws':
      return /^decode refused r\d+$/.test(message);
  }
}

const fillers = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('a\\', '\\\\', '"]},{"', '\u00e9\u4e2d\ud83d\ude00', '\\"}', 'x'.repeat(3000)),
);

describe('ListScanner, many elements per parse', () => {
  it('reads like one element at a time: same items, same first failure, under any chunking', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.option(fc.constantFrom<Bad>('malformed', 'number', 'string', 'throws'), { freq: 6 }), fillers), {
          maxLength: 30,
        }),
        fc.array(fc.nat(20_000), { maxLength: 12 }),
        fc.constantFrom('', ' ', '\n  '),
        (elements, cuts, space) => {
          const kinds = elements.map(([bad]) => bad ?? undefined);
          const texts = elements.map(([bad, filler], index) => elementText(index, bad ?? undefined, filler));
          const body = `{"result":[${space}${texts.join(`,${space}`)}${space}],"success":true,"result_info":{"count":${texts.length}}}`;
          const { out, decoded } = scanIn(body, cuts);
          const want = expected(kinds);
          expect(decoded).toEqual(want.ids);
          if (want.failure === undefined) {
            expect(out.failure).toBeUndefined();
            expect(out.items).toEqual(want.ids);
          } else {
            expect(failureMatches(out.failure?.error, want.failure)).toBe(true);
            expect(out.items).toEqual(want.ids);
          }
          expect(JSON.parse(out.envelope)).toEqual({ result: [], success: true, result_info: { count: texts.length } });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('an element split over many chunks, and a chunk ending on the backslash of an escape', () => {
    const long = { id: 'long', content: `${'y'.repeat(200_000)}\\"}]`, tags: ['\\'] };
    const body = JSON.stringify({ result: [{ id: 'a' }, long, { id: 'b\\' }], success: true });
    const bytes = Buffer.from(body);
    const backslashes = [...bytes.keys()].filter((i) => bytes[i] === 0x5c).map((i) => i + 1);
    for (const cuts of [backslashes, Array.from({ length: 40 }, (_, k) => 12 + k * 6000)]) {
      const scanner = new ListScanner((x) => x);
      let from = 0;
      for (const at of cuts) {
        scanner.push(bytes.subarray(from, at));
        from = at;
      }
      scanner.push(bytes.subarray(from));
      const out = scanner.finish();
      expect(out.failure).toBeUndefined();
      expect(out.items).toEqual([{ id: 'a' }, long, { id: 'b\\' }]);
    }
  });

  it('elements the one-array parse refuses but one-by-one accepts are still read (no comma, two commas)', () => {
    for (const body of ['{"result":[{"id":"a"}{"id":"b"}],"success":true}', '{"result":[{"id":"a"},,{"id":"b"}],"success":true}']) {
      const scanner = new ListScanner((x) => x);
      scanner.push(Buffer.from(body));
      const out = scanner.finish();
      expect(out.failure).toBeUndefined();
      expect(out.items).toEqual([{ id: 'a' }, { id: 'b' }]);
    }
  });

  it('decodes the elements as their chunks arrive, compact or spaced (the list is never held whole)', () => {
    const result = Array.from({ length: 3000 }, (_, k) => ({ id: `r${k}`, content: k % 7 ? 'x' : '},{', n: k }));
    const plain = result.map((r) => ({ ...r, content: 'x' }));
    for (const [list, body] of [
      [result, JSON.stringify({ result })],
      [plain, JSON.stringify({ result: plain }, null, 2)],
    ] as const) {
      let decoded = 0;
      const scanner = new ListScanner((x) => {
        decoded++;
        return x;
      });
      const bytes = Buffer.from(body);
      const step = 16 * 1024;
      for (let at = 0; at < bytes.length; at += step) {
        scanner.push(bytes.subarray(at, at + step));
        // Every element that ended before this chunk has been decoded.
        expect(decoded).toBeGreaterThanOrEqual(countEndedBefore(body, at));
      }
      const out = scanner.finish();
      expect(out.items).toEqual(list);
    }
  });
});

/** How many elements of `result` end before byte `at` of the body (ids are in order). */
function countEndedBefore(body: string, at: number): number {
  const text = Buffer.from(body).subarray(0, Math.max(0, at)).toString('utf8');
  return (text.match(/"n": ?\d+\s*\}/g) ?? []).length;
}
