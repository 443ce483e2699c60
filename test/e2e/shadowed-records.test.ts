/**
 * Plan and drift say what the service says is shadowed (issue 43, item 6): zonectl reads the
 * records with `include_shadow_metadata=true` and notes the live records whose `meta.shadowed_by`
 * the service fills (not glue) and the dead glue, through the real CLI against the emulator.
 * https://developers.cloudflare.com/dns/manage-dns-records/reference/shadowed-records/
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { runCli, type CliResult } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

const TOKEN = 'shadowed-records-token-0123456789abcd';

const FILE = `version: 1
zone: shadow.example
records:
  - { name: "@", type: A, content: 192.0.2.1 }
  - { name: sub, type: NS, content: ns1.sub.shadow.example }
  - { name: ns1.sub, type: A, content: 192.0.2.53 }
  - { name: www.sub, type: A, content: 192.0.2.80 }
  - { name: a.sub, type: NS, content: ns1.a.sub.shadow.example }
  - { name: ns1.a.sub, type: A, content: 192.0.2.54 }
`;

/** A zone of more than 1,000 records: its list carries no shadow metadata, so zonectl asks by delegation. */
const BIG = `version: 1
zone: big.example
records:
${Array.from({ length: 1000 }, (_, i) => `  - { name: h${i}, type: A, content: 192.0.2.${i % 250} }`).join('\n')}
  - { name: sub, type: NS, content: ns1.example.org }
  - { name: www.sub, type: A, content: 192.0.2.80 }
  - { name: deep.sub, type: NS, content: ns1.example.org }
  - { name: other, type: NS, content: ns1.other.big.example }
  - { name: ns1.other, type: A, content: 192.0.2.53 }
`;

describe('records the service says are shadowed', () => {
  let emu: RunningEmulator;
  let dir: string;
  const cli = (...args: string[]): Promise<CliResult> =>
    runCli(args, { CLOUDFLARE_BASE_URL: emu.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN }, dir);

  beforeAll(async () => {
    // Pro: the big zone's 1,005 records are above a Free zone's quota.
    emu = await startEmulator({ port: 0, zones: ['shadow.example', 'big.example'], token: TOKEN, zonePlan: 'pro' });
    dir = tempDir('shadowed');
    writeFileSync(join(dir, 'zone.yaml'), FILE);
    writeFileSync(join(dir, 'big.yaml'), BIG);
    // The records beside and below the delegations go first (zonectl's order), so the service keeps them.
    for (const file of ['zone.yaml', 'big.yaml']) {
      const apply = await runCli(['apply', file, '--yes'], { CLOUDFLARE_BASE_URL: emu.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN }, dir);
      expect(apply.code, apply.stderr).toBe(0);
    }
  });
  afterAll(async () => {
    await emu?.close();
  });

  it('plan notes the shadowed record and the dead glue; live glue is not named', async () => {
    const plan = await cli('plan', 'zone.yaml', '--detailed-exitcode');
    expect(plan.code, plan.stderr).toBe(0);
    const out = `${plan.stdout}${plan.stderr}`;
    expect(out).toMatch(
      /note: the service says 2 live record\(s\) are shadowed by a delegation \(NS below the apex\) and not served by this zone: (www\.sub\.shadow\.example A \(under sub\.shadow\.example\)|a\.sub\.shadow\.example NS \(under sub\.shadow\.example\)), (www\.sub\.shadow\.example A \(under sub\.shadow\.example\)|a\.sub\.shadow\.example NS \(under sub\.shadow\.example\))/,
    );
    expect(out).toMatch(
      /note: the service says 1 live glue record\(s\) are never served \(dead glue: a shallower delegation takes their name\): ns1\.a\.sub\.shadow\.example A \(under sub\.shadow\.example, a\.sub\.shadow\.example\)/,
    );
    expect(out).not.toMatch(/ns1\.sub\.shadow\.example A \(under/);
  });

  it('drift carries the same notes (JSON)', async () => {
    const drift = await cli('drift', 'zone.yaml', '--format', 'json');
    expect(drift.code, drift.stderr).toBe(0);
    const notes = (JSON.parse(drift.stdout) as { zones: Array<{ notes: string[] }> }).zones[0]!.notes;
    expect(notes.some((n) => n.includes('shadowed by a delegation'))).toBe(true);
    expect(notes.some((n) => n.includes('dead glue'))).toBe(true);
  });

  it('a zone of more than 1,000 records: its list carries none, so the shallowest delegations are asked (shadowed_by_name)', async () => {
    // The list of 1,005 records carries no shadow metadata (the service's limit, kept by the emulator).
    const listed = await fetch(
      `${emu.baseUrl}/zones/${emu.zones.find((z) => z.name === 'big.example')!.id}/dns_records?include_shadow_metadata=true&per_page=5000`,
      {
        headers: { authorization: `Bearer ${TOKEN}` },
      },
    );
    const records = ((await listed.json()) as { result: Array<{ meta: Record<string, unknown> }> }).result;
    expect(records).toHaveLength(1005);
    expect(records.filter((r) => r.meta.shadowed_by !== undefined)).toEqual([]);
    const plan = await cli('plan', 'big.yaml', '--detailed-exitcode');
    expect(plan.code, plan.stderr).toBe(0);
    const out = `${plan.stdout}${plan.stderr}`;
    expect(out).toMatch(
      /note: the service says 2 live record\(s\) are shadowed by a delegation \(NS below the apex\) and not served by this zone: deep\.sub\.big\.example NS \(under sub\.big\.example\), www\.sub\.big\.example A \(under sub\.big\.example\)|note: the service says 2 live record\(s\) are shadowed by a delegation \(NS below the apex\) and not served by this zone: www\.sub\.big\.example A \(under sub\.big\.example\), deep\.sub\.big\.example NS \(under sub\.big\.example\)/,
    );
    // The glue of `other` is live glue: not named.
    expect(out).not.toMatch(/ns1\.other\.big\.example A \(under/);
  });
});
