/**
 * The list scanner reads `result` one element at a time: whatever the chunking of the body, it
 * gives the elements JSON.parse gives, and the envelope without them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ListScanner } from '../../src/api/stream-list.js';

function scan(body: string, cuts: readonly number[]) {
  const bytes = Buffer.from(body, 'utf8');
  const scanner = new ListScanner((x) => x);
  let from = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    const at = Math.min(cut, bytes.length);
    scanner.push(bytes.subarray(from, at));
    from = at;
  }
  scanner.push(bytes.subarray(from));
  return scanner.finish();
}

const tricky = {
  result_info: { page: 1, per_page: 5000000, total_pages: 1 },
  result: [
    {
      id: 'a',
      name: 'x.example',
      content: 'he said "]}," \\ ok',
      tags: ['t:[', 'u:}'],
      meta: { nested: [{ deep: [1, 2, { z: '\u00e9\u4e2d\ud83d\ude00' }] }] },
    },
    { id: 'b', content: '', data: { value: '{"result":[]}' } },
    {},
  ],
  success: true,
  errors: [],
  messages: [{ message: 'result' }],
};

describe('ListScanner', () => {
  it('gives the elements and the envelope whatever the chunks (byte by byte included)', () => {
    const body = JSON.stringify(tricky, null, 1);
    const byteByByte = Array.from({ length: Buffer.byteLength(body) }, (_, i) => i);
    for (const cuts of [[], byteByByte, [7, 100, 101, 333]]) {
      const out = scan(body, cuts);
      expect(out.failure).toBeUndefined();
      expect(out.items).toEqual(tricky.result);
      expect(JSON.parse(out.envelope)).toEqual({ ...tricky, result: [] });
    }
  });

  it('any JSON list under any chunking', () => {
    fc.assert(
      fc.property(fc.array(fc.dictionary(fc.string(), fc.jsonValue())), fc.array(fc.nat(4000)), (result, cuts) => {
        const body = JSON.stringify({ success: true, result, result_info: { count: result.length } });
        const out = scan(body, cuts);
        expect(out.failure).toBeUndefined();
        expect(out.items).toEqual(JSON.parse(body).result);
        expect(JSON.parse(out.envelope)).toEqual({ success: true, result: [], result_info: { count: result.length } });
      }),
      { numRuns: 200 },
    );
  });

  it('no result array: no items, the envelope whole; a non-object element is a failure', () => {
    const none = scan(JSON.stringify({ success: false, errors: [{ code: 1 }], result: null }), [3]);
    expect(none.items).toBeUndefined();
    expect(JSON.parse(none.envelope)).toEqual({ success: false, errors: [{ code: 1 }], result: null });
    expect(scan('{"result":[{"id":"a"},5]}', []).failure).toBeDefined();
    expect(scan('{"result":["a"]}', []).failure).toBeDefined();
  });

  it('a decode that throws is kept as the failure and stops decoding', () => {
    const scanner = new ListScanner((x) => {
      if ((x as { id: string }).id === 'b') throw new Error('bad record');
      return x;
    });
    scanner.push(Buffer.from('{"result":[{"id":"a"},{"id":"b"},{"id":"c"}]}'));
    const out = scanner.finish();
    expect(out.items).toEqual([{ id: 'a' }]);
    expect(out.failure?.error).toBeInstanceOf(Error);
    expect((out.failure!.error as Error).message).toBe('bad record');
  });
});
