import { describe, expect, it } from 'vitest';
import { normalizeRecord } from '../../../src/core/model/normalize.js';
import { describeValue } from '../../../src/core/drift/describe-record.js';

describe('describeValue', () => {
  it('quotes TXT, shows MX priority first, renders data', () => {
    expect(describeValue(normalizeRecord({ name: '@', type: 'TXT', content: 'v=spf1 -all' }, 'example.com'))).toBe('"v=spf1 -all"');
    expect(describeValue(normalizeRecord({ name: '@', type: 'MX', content: 'mx.example.net.', priority: 10 }, 'example.com'))).toBe(
      '10 mx.example.net',
    );
    expect(
      describeValue(
        normalizeRecord(
          { name: '_s._tcp', type: 'SRV', data: { priority: 1, weight: 2, port: 3, target: 't.example.com' } },
          'example.com',
        ),
      ),
    ).toBe('2 3 t.example.com');
  });

  it('shortens long TXT and counts the bytes of the text, not of its quoting', () => {
    const text = 'x'.repeat(5000);
    const shown = describeValue(normalizeRecord({ name: '@', type: 'TXT', content: `"${text}"` }, 'example.com'));
    expect(shown).toMatch(/^"x{69}…x{19}" \(5000 bytes\)$/);
    // Unquoted, a long text has no split of its own (issue 28): it is shown as written, unquoted.
    const free = describeValue(normalizeRecord({ name: '@', type: 'TXT', content: text }, 'example.com'));
    expect(free).toMatch(/^x{70}…x{20} \(5000 bytes\)$/);
  });
});
