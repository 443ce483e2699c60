/**
 * Issue 28, item 5: a zone written by octoDNS holds a 410-byte DKIM key split into strings at
 * 253 bytes, not 255: octoDNS chunks the value with its `\;` escapes counted (octodns
 * octodns/record/chunked.py `_legacy_chunked_value`: 255 characters a chunk, `"` escaped, a chunk
 * never ends on a backslash), and octodns-cloudflare sends each chunked value with `\;` replaced
 * by `;` (`_contents_for_TXT`). The zone file a migration writes gives the key as one unquoted
 * value: the first plan after the migration must be empty. The key is hackclub.com's
 * `google._domainkey` (test/fixtures/real-zones/octodns-hackclub, SOURCES.md).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import yaml from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planZoneRun } from '../../src/app/engine/plan-zone-run.js';
import { octodnsToZoneFile } from '../support/octodns-zone.js';
import { TOKEN, config, converge, listRecords, startHarness, type Harness } from './harness.js';

const ZONE = 'example.com';

/** The content octoDNS sends to the service for one TXT value (the algorithm of the two files above, written here in TypeScript). */
function octodnsContent(value: string): string {
  const escaped = value.replaceAll('"', '\\"');
  const chunks: string[] = [];
  for (let i = 0; i < escaped.length; ) {
    let c = Math.min(255, escaped.length - i);
    while (escaped[i + c - 1] === '\\') c -= 1;
    chunks.push(escaped.slice(i, i + c));
    i += c;
  }
  return `"${chunks.join('" "')}"`.replaceAll('\\;', ';');
}

const source = readFileSync(join(__dirname, '..', 'fixtures', 'real-zones', 'octodns-hackclub', 'hackclub.com.yaml'), 'utf8');
const dkim = (yaml.load(source) as Record<string, { type: string; value: string }>)['google._domainkey']!.value;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('a long TXT as octoDNS wrote it, and the same value in a zone file', () => {
  it('octoDNS splits this key at 253 bytes (its two `\\;` escapes count)', () => {
    expect(dkim.length).toBe(412);
    const content = octodnsContent(dkim);
    const strings = [...content.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!.length);
    expect(strings).toEqual([253, 157]);
  });

  it('the first plan after the migration is empty: the unquoted key matches the live strings joined', async () => {
    const res = await fetch(`${h.emulator.baseUrl}/zones/${h.zoneId}/dns_records`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `google._domainkey.${ZONE}`, type: 'TXT', content: octodnsContent(dkim), ttl: 600 }),
    });
    expect(res.status).toBe(200);
    const file = octodnsToZoneFile(`google._domainkey:\n  type: TXT\n  value: ${JSON.stringify(dkim)}\n`, ZONE, 600);
    expect(file.text).toContain(dkim.replaceAll('\\;', ';'));
    const run = await planZoneRun(h.client, config(file.text));
    expect(run.plan.operations).toEqual([]);
    // Applied as it is, nothing changes; the live strings stay as octoDNS wrote them.
    await converge(h, config(file.text));
    expect((await listRecords(h)).map((r) => r.content)).toEqual([octodnsContent(dkim)]);
  });

  it('written by zonectl to an empty name, the key goes out in 255-byte strings and plans empty again', async () => {
    const text = `version: 1\nzone: ${ZONE}\nrecords:\n  - { name: sel2._domainkey, type: TXT, content: ${JSON.stringify(dkim.replaceAll('\\;', ';'))} }\nmanage: { unmanaged: keep }\n`;
    await converge(h, config(text));
    const stored = (await listRecords(h)).find((r) => r.name === `sel2._domainkey.${ZONE}`)!.content;
    const key = dkim.replaceAll('\\;', ';');
    expect(stored).toBe(`"${key.slice(0, 255)}" "${key.slice(255)}"`);
  });
});
