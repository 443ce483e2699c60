/**
 * SIGINT while apply sends an account file's PATCH: the handler waits for the call in flight,
 * sends nothing more, says so and exits 130. A real child process against the emulator, slowed
 * down so that the signal arrives while the PATCH is on its way.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnCli } from '../support/spawn-cli.js';
import { TOKEN, startHarness, type Harness } from '../scenario/harness.js';

describe('apply of an account file, interrupted', () => {
  let h: Harness;
  let dir: string;
  beforeAll(async () => {
    h = await startHarness({ latencyMs: 1500 });
    dir = mkdtempSync(join(tmpdir(), 'zonectl-account-interrupt-'));
  });
  afterAll(async () => {
    await h.close();
  });

  it('SIGINT during the PATCH: waits for it, sends nothing more, exits 130 naming the account', async () => {
    const file = join(dir, 'account.yaml');
    writeFileSync(file, 'version: 1\naccount_id: ${ZONECTL_ACCOUNT_ID}\nzone_defaults:\n  ns_ttl: 7200\n');
    const env = { CLOUDFLARE_BASE_URL: h.emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN, ZONECTL_ACCOUNT_ID: h.emulator.accountId };
    const apply = spawnCli(['apply', file, '--yes', '--verbose'], env);
    await apply.waitForStderr(/zone defaults: PATCH \/accounts\/[0-9a-f]{32}\/dns_settings/);
    apply.child.kill('SIGINT');
    const r = await apply.done;
    expect(r.code, r.stderr).toBe(130);
    expect(r.stderr).toMatch(/SIGINT: sending no more calls/);
    expect(r.stderr).toMatch(
      /^zonectl: error\[INTERRUPTED\]: interrupted by SIGINT while changing the zone defaults of the account files$/m,
    );
    // The PATCH in flight was answered before the exit: the change is in place.
    const res = await fetch(`${h.emulator.baseUrl}/accounts/${h.emulator.accountId}/dns_settings`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const body = (await res.json()) as { result: { zone_defaults: { ns_ttl: number } } };
    expect(body.result.zone_defaults.ns_ttl).toBe(7200);
  });
});
