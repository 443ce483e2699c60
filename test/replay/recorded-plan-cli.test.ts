/**
 * The real CLI (`zonectl plan`) against recorded answers, configured as a user configures it:
 * CLOUDFLARE_BASE_URL and CLOUDFLARE_API_TOKEN in the environment.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { fixture, ZONES_DIR, zoneFileText } from './fixtures.js';
import { edit, REPLAY_TOKEN, startReplay, type Replay } from './replay-harness.js';
import { tempDir } from '../support/temp-dir.js';

let replay: Replay | undefined;
let dir: string;
beforeAll(() => {
  dir = tempDir('replay');
});
afterEach(async () => {
  await replay?.close();
  replay = undefined;
});

const env = (r: Replay) => ({ CLOUDFLARE_BASE_URL: r.server.baseUrl, CLOUDFLARE_API_TOKEN: REPLAY_TOKEN });

describe('zonectl plan (CLI) against recorded answers', () => {
  it('octodns-cloudflare (3 recorded pages): no changes, exit 0 with --detailed-exitcode', async () => {
    const f = fixture('octodns-cloudflare pages 1-3');
    replay = await startReplay(f);
    const res = await runCli(['plan', join(ZONES_DIR, f.zoneFile), '--detailed-exitcode'], env(replay));
    expect(res.stderr).not.toContain(REPLAY_TOKEN);
    expect(res.code, res.stderr).toBe(0);
    expect(replay.server.requests.every((q) => q.startsWith('GET '))).toBe(true);
  });

  it('Shopify record_store (zone found by name, recorded answer): a changed TXT is exit 2 and one update', async () => {
    const f = fixture('Shopify record_store cassette');
    replay = await startReplay(f);
    const file = join(dir, 'shopify.yaml');
    writeFileSync(file, edit(zoneFileText(f), 'some text without quotes', 'some text without any quotes'));
    const res = await runCli(['plan', file, '--detailed-exitcode', '--format', 'json'], env(replay));
    expect(res.code, res.stderr).toBe(2);
    const doc = JSON.parse(res.stdout) as { zones: Array<{ changes: Array<{ action: string; fields: string[]; record_id?: string }> }> };
    const changes = doc.zones.flatMap((z) => z.changes);
    expect(changes.map((c) => [c.action, c.fields, c.record_id])).toEqual([['update', ['content'], 'ddb69b94d6e4eacc2f775a7875a5f6a4']]);
  });
});
