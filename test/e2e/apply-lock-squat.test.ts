/** Issue 18 item 3: a record other than the lock CNAME at `_zonectl-lock.<zone>` stops apply at once (real CLI, emulator). */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN, listRecords, startHarness, type Harness } from '../scenario/harness.js';
import { runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

describe('apply with an A record squatting the lock name (a CNAME cannot stand beside it)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it('fails fast naming the record, and writes nothing', async () => {
    const squat = await fetch(`${h.emulator.baseUrl}/zones/${h.zoneId}/dns_records`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'A', name: '_zonectl-lock.example.com', content: '192.0.2.53', ttl: 60 }),
    });
    const id = ((await squat.json()) as { result: { id: string } }).result.id;
    const dir = tempDir('squat');
    const zone = join(dir, 'example.com.yaml');
    writeFileSync(zone, 'version: 1\nzone: example.com\nrecords:\n  - { name: "@", type: A, content: 192.0.2.1 }\n');
    for (const args of [
      ['apply', zone, '--yes'],
      ['apply', zone, '--yes', '--no-batch'],
    ]) {
      const r = await runCli(args, { CLOUDFLARE_BASE_URL: h.emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN });
      expect(r.code).not.toBe(0);
      expect(r.stderr).toMatch(new RegExp(`ZONE_LOCK_CONFLICT.*_zonectl-lock\\.example\\.com holds a record of type A \\(id ${id}\\)`));
      expect((await listRecords(h)).map((x) => `${x.name} ${x.type}`)).toEqual(['_zonectl-lock.example.com A']);
    }
  });
});
