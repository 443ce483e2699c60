/**
 * SIGINT while apply sends an account file's PATCH: the handler waits for the call in flight,
 * sends nothing more, says so and exits 130. A real child process against the emulator; a proxy
 * holds the PATCH (test/api/drop-proxy.ts) until the signal has been handled, so that the signal
 * always arrives while the PATCH is on its way, however slow the machine.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDropProxy, type DropProxy } from '../api/drop-proxy.js';
import { spawnCli } from '../support/spawn-cli.js';
import { TOKEN, startHarness, type Harness } from '../scenario/harness.js';
import { tempDir } from '../support/temp-dir.js';

describe('apply of an account file, interrupted', () => {
  let h: Harness;
  let proxy: DropProxy;
  let dir: string;
  beforeAll(async () => {
    h = await startHarness();
    proxy = await startDropProxy(h.emulator.baseUrl);
    dir = tempDir('account-interrupt');
  });
  afterAll(async () => {
    await proxy.close();
    await h.close();
  });

  it('SIGINT during the PATCH: waits for it, sends nothing more, exits 130 naming the account', async () => {
    const file = join(dir, 'account.yaml');
    writeFileSync(file, 'version: 1\naccount_id: ${ZONECTL_ACCOUNT_ID}\nzone_defaults:\n  ns_ttl: 7200\n');
    const env = { CLOUDFLARE_BASE_URL: proxy.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN, ZONECTL_ACCOUNT_ID: h.emulator.accountId };
    proxy.setRule((method, path) => (method === 'PATCH' && /\/accounts\/[0-9a-f]{32}\/dns_settings$/.test(path) ? 'hold' : 'pass'));
    const held = proxy.held();
    const apply = spawnCli(['apply', file, '--yes', '--verbose'], env);
    expect(await Promise.race([held, apply.done.then((r) => `ended with ${r.code}: ${r.stderr}`)])).toMatch(/^PATCH /);
    await apply.waitForStderr(/zone defaults: PATCH \/accounts\/[0-9a-f]{32}\/dns_settings/);
    apply.child.kill('SIGINT');
    await apply.waitForStderr(/SIGINT: sending no more calls/);
    proxy.setRule(() => 'pass');
    proxy.release(); // the PATCH in flight is answered; nothing more is sent
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
