/**
 * Private network routing through the real CLI against the emulator (issue 43, item 2): a zone
 * file sets `private_routing: true` on proxied A/AAAA records (Enterprise), private addresses
 * (10/8, 172.16/12, 192.168/16, fc00::/7, 100.64/10) may then be proxied; plan, apply, a second
 * plan empty, export writes the field and plans clean, turning it off is one update; a zone on
 * another plan is refused before any write (tier.private-routing). Source:
 * https://developers.cloudflare.com/dns/manage-dns-records/how-to/private-network-routing/
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { runCli, type CliResult } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

const TOKEN = 'private-routing-token-0123456789abcdef';

const FILE = (zone: string, tunnelled: boolean): string => `version: 1
zone: ${zone}
records:
  - { name: app, type: A, content: 10.0.0.50, proxied: true, private_routing: true }
  - { name: app6, type: AAAA, content: "fd00::50", proxied: true, private_routing: true }
  - { name: www, type: A, content: 192.0.2.10, proxied: true${tunnelled ? ', private_routing: true' : ''} }
`;

describe('private_routing through the CLI', () => {
  let ent: RunningEmulator;
  let biz: RunningEmulator;
  let dir: string;
  const cli = (emu: RunningEmulator, ...args: string[]): Promise<CliResult> =>
    runCli(args, { CLOUDFLARE_BASE_URL: emu.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN }, dir);

  beforeAll(async () => {
    ent = await startEmulator({ port: 0, zones: ['corp.example'], token: TOKEN, zonePlan: 'enterprise' });
    biz = await startEmulator({ port: 0, zones: ['biz.example'], token: TOKEN, zonePlan: 'business' });
    dir = tempDir('private-routing');
  });
  afterAll(async () => {
    await ent?.close();
    await biz?.close();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  it('Enterprise: applies, plans empty, exports the field, and turning it off is one update', async () => {
    writeFileSync(join(dir, 'corp.yaml'), FILE('corp.example', true));
    const apply = await cli(ent, 'apply', 'corp.yaml', '--yes');
    expect(apply.code, apply.stderr).toBe(0);
    expect((await cli(ent, 'plan', 'corp.yaml', '--detailed-exitcode')).code).toBe(0);
    const exported = await cli(ent, 'export', '--zone', 'corp.example', '--out', 'exported.yaml');
    expect(exported.code, exported.stderr).toBe(0);
    const text = readFileSync(join(dir, 'exported.yaml'), 'utf8');
    expect(text.match(/private_routing: true/g)).toHaveLength(3);
    expect((await cli(ent, 'plan', 'exported.yaml', '--detailed-exitcode')).code).toBe(0);
    // www's origin is public: the file may turn the routing off (sent as private_routing: false).
    writeFileSync(join(dir, 'corp.yaml'), FILE('corp.example', false));
    const plan = await cli(ent, 'plan', 'corp.yaml', '--format', 'json');
    type Change = {
      action: string;
      fields: string[];
      before: { name: string; private_routing?: boolean };
      after: { private_routing?: boolean };
    };
    const changes = (JSON.parse(plan.stdout) as { zones: Array<{ changes: Change[] }> }).zones[0]!.changes;
    expect(changes.map((c) => [c.action, c.before.name, c.fields, c.before.private_routing, c.after.private_routing])).toEqual([
      ['update', 'www.corp.example', ['private_routing'], true, undefined],
    ]);
    expect((await cli(ent, 'plan', 'corp.yaml')).stdout).toMatch(/private_routing: true → false/);
    const saved = await cli(ent, 'plan', 'corp.yaml', '--out', 'plan.json');
    expect(saved.code, saved.stderr).toBe(0);
    expect(readFileSync(join(dir, 'plan.json'), 'utf8')).toContain('"private_routing": false');
    expect((await cli(ent, 'apply', 'corp.yaml', '--yes')).code).toBe(0);
    expect((await cli(ent, 'plan', 'corp.yaml', '--detailed-exitcode')).code).toBe(0);
  });

  it('Business: refused before any write, naming the records', async () => {
    writeFileSync(join(dir, 'biz.yaml'), FILE('biz.example', false));
    const plan = await cli(biz, 'plan', 'biz.yaml');
    expect(plan.code).toBe(1);
    expect(plan.stderr).toMatch(
      /error\[ZONE_PLAN_LIMIT\].*on the business plan.*records\[0\] \(line 4\) app\.biz\.example A: private_routing \(private network routing is for Enterprise zones only\) \[tier\.private-routing\]/,
    );
    const res = await fetch(`${biz.baseUrl}/zones/${biz.zones[0]!.id}/dns_records`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(((await res.json()) as { result: unknown[] }).result).toEqual([]);
  });

  it('validate: a proxied private address without private_routing is refused, naming the way out', async () => {
    writeFileSync(
      join(dir, 'bad.yaml'),
      'version: 1\nzone: corp.example\nrecords:\n  - { name: app, type: A, content: 10.0.0.50, proxied: true }\n',
    );
    const r = await runCli(['validate', 'bad.yaml'], {}, dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/bad\.yaml:4:\d+ records\[0\]\.proxied: 10\.0\.0\.50 is a private.*or set private_routing: true/);
  });
});
