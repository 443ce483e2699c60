/**
 * Drift in the words on-call reads at 3 a.m. (issue 42, item 1), through the real CLI against the
 * emulator: a zone applied from its file, then changed at the service (records added, changed and
 * removed, a proxied flag flipped, an address moved out of the zone's known ranges, a DNS setting
 * changed). Every format says what happened at the service, the live value first, without a plan's
 * sign, ranks what matters most first (the apex, NS, MX...; a proxied flag; an address out of the
 * known ranges; the rest), and names each item's two ways out. A second plan after apply is empty.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDriftWorld, type DriftWorld } from '../support/drift-world.js';

const ZONE = 'ops.example';
const FILE = `version: 1
zone: ${ZONE}
settings:
  flatten_all_cnames: false
records:
  - { name: "@", type: A, content: 192.0.2.10, ttl: 300 }
  - { name: "@", type: MX, content: mx1.example.net, priority: 10 }
  - { name: www, type: A, content: 192.0.2.11, proxied: true }
  - { name: app, type: A, content: 192.0.2.12 }
  - { name: blog, type: A, content: 198.51.100.7 }
  - { name: old, type: TXT, content: "keep me" }
`;

interface Item {
  id: string;
  kind: string;
  happened: string;
  name: string;
  type: string;
  field: string;
  live: string | null;
  file: string | null;
  impact: { rank: number; reason: string };
  ways_out: { revert?: { command: string; does: string }; adopt?: { command: string; does: string } };
}

/** What each change at the service is, as `name type field` → [happened, rank]. */
const EXPECTED: Record<string, [string, number]> = {
  [`${ZONE} MX value`]: ['changed', 1], // the apex, and mail
  [`sub.${ZONE} NS record`]: ['added', 1], // a delegation nobody asked for
  [`www.${ZONE} A proxied`]: ['changed', 2], // the origin's address is published
  [`app.${ZONE} A value`]: ['changed', 3], // moved out of 192.0.2.0/24 and 198.51.100.0/24
  [`evil.${ZONE} A record`]: ['added', 3],
  [`blog.${ZONE} A value`]: ['changed', 4], // within its /24
  [`old.${ZONE} TXT record`]: ['removed', 4],
  [`note.${ZONE} TXT record`]: ['added', 4],
  [`${ZONE} dns_settings flatten_all_cnames`]: ['changed', 4],
};
const key = (i: Pick<Item, 'name' | 'type' | 'field'>): string => `${i.name} ${i.type} ${i.field}`;

describe('drift in the operator’s words, ranked by impact, in every format', () => {
  let world: DriftWorld;
  let items: Item[];

  beforeAll(async () => {
    world = await openDriftWorld([ZONE]);
    writeFileSync(join(world.zonesDir, `${ZONE}.yaml`), FILE);
    const applied = await world.cli(['apply', 'zones/', '--yes']);
    expect(applied.code, applied.stderr).toBe(0);
    expect((await world.cli(['plan', 'zones/', '--detailed-exitcode'])).code).toBe(0);
    // At the service, behind the file's back.
    const id = await world.zoneId(ZONE);
    const records = (await world.api('GET', `/zones/${id}/dns_records?per_page=100`)).result as Array<{
      id: string;
      name: string;
      type: string;
    }>;
    const find = (name: string, type: string): string => records.find((r) => r.name === name && r.type === type)!.id;
    const must = async (call: Promise<{ success: boolean }>): Promise<void> => expect((await call).success).toBe(true);
    await must(world.api('PATCH', `/zones/${id}/dns_records/${find(ZONE, 'MX')}`, { priority: 50 }));
    await must(world.api('PATCH', `/zones/${id}/dns_records/${find(`www.${ZONE}`, 'A')}`, { proxied: false, ttl: 1 }));
    await must(world.api('PATCH', `/zones/${id}/dns_records/${find(`app.${ZONE}`, 'A')}`, { content: '203.0.113.66' }));
    await must(world.api('PATCH', `/zones/${id}/dns_records/${find(`blog.${ZONE}`, 'A')}`, { content: '198.51.100.99' }));
    await must(world.api('DELETE', `/zones/${id}/dns_records/${find(`old.${ZONE}`, 'TXT')}`));
    await must(world.api('POST', `/zones/${id}/dns_records`, { type: 'A', name: `evil.${ZONE}`, content: '203.0.113.5', ttl: 1 }));
    await must(world.api('POST', `/zones/${id}/dns_records`, { type: 'TXT', name: `note.${ZONE}`, content: 'hi', ttl: 1 }));
    await must(
      world.api('POST', `/zones/${id}/dns_records`, { type: 'NS', name: `sub.${ZONE}`, content: 'ns1.elsewhere.example', ttl: 3600 }),
    );
    await must(world.api('PATCH', `/zones/${id}/dns_settings`, { flatten_all_cnames: true }));

    const json = await world.cli(['drift', 'zones/', '--format', 'json', '--out', 'drift.json']);
    expect(json.code, json.stderr).toBe(2);
    items = (JSON.parse(json.stdout) as { zones: Array<{ items: Item[] }> }).zones[0]!.items.filter((i) => i.kind !== 'token');
  }, 120_000);
  afterAll(async () => {
    await world?.close();
  });

  it('JSON: what happened and its impact for every item, the items ranked, each with revert and adopt', () => {
    expect(Object.fromEntries(items.map((i) => [key(i), [i.happened, i.impact.rank]]))).toEqual(EXPECTED);
    const ranks = items.map((i) => i.impact.rank);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(items.find((i) => key(i) === `www.${ZONE} A proxied`)!.impact.reason).toMatch(/^proxied turned off/);
    expect(items.find((i) => key(i) === `app.${ZONE} A value`)!.impact.reason).toBe("an address outside the zone's known ranges");
    for (const i of items) {
      expect(i.ways_out.revert?.command, key(i)).toBe(`zonectl apply zones/${ZONE}.yaml`);
      expect(i.ways_out.adopt?.command, key(i)).toBe(`zonectl drift zones/${ZONE}.yaml --adopt ${i.id}`);
    }
    expect(items.find((i) => i.happened === 'removed')!.ways_out).toMatchObject({
      revert: { does: 'creates it again' },
      adopt: { does: 'removes it from the file' },
    });
  });

  it('text: one line per item in those words, ranked, no sign; revert and adopt under each', async () => {
    const r = await world.cli(['drift', 'zones/']);
    expect(r.code).toBe(2);
    const lines = r.stdout.split('\n');
    const itemLines = lines.filter((l) => /^ {2}\S/.test(l) && !l.includes('API token'));
    expect(itemLines).toEqual(
      items.map((i) => {
        switch (i.happened) {
          case 'added':
            return `  ${i.name} ${i.type} added at the service: live ${i.live}, not in the file`;
          case 'removed':
            return `  ${i.name} ${i.type} removed at the service: not live, file ${i.file}`;
          default:
            return `  ${key(i).replace(/ record$/, '')} changed at the service: live ${i.live}, file ${i.file}`;
        }
      }),
    );
    expect(itemLines[0]).toBe(`  ${ZONE} MX value changed at the service: live 50 mx1.example.net, file 10 mx1.example.net`);
    expect(r.stdout).not.toMatch(/^ {2}[+~!-] /m);
    expect(r.stdout).toContain('      impact: the zone apex (MX: mail)\n');
    expect(r.stdout.match(/^ {6}revert: zonectl apply zones\/ops\.example\.yaml /gm)).toHaveLength(items.length);
    expect(r.stdout.match(/^ {6}adopt: zonectl drift zones\/ops\.example\.yaml --adopt d2:/gm)).toHaveLength(items.length);
  });

  it('markdown: "Needs attention" leads with the apex and NS, then the proxied flag, then the moved address, then the rest', async () => {
    const r = await world.cli(['drift', 'zones/', '--format', 'markdown']);
    const attention = r.stdout.slice(r.stdout.indexOf('#### Needs attention'), r.stdout.indexOf('| zone |'));
    const bullets = attention.split('\n').filter((l) => l.startsWith('- '));
    expect(bullets.map((b) => b.split(' ')[1])).toEqual(
      items.map((i) => ({ 1: ':rotating_light:', 2: ':warning:', 3: ':warning:', 4: ':small_orange_diamond:' })[i.impact.rank]),
    );
    expect(bullets[0]).toMatch(
      /^- :rotating_light: `ops\.example`: `ops\.example MX value changed at the service: live 50 mx1\.example\.net, file 10 mx1\.example\.net` \(the zone apex \(MX: mail\)\) by `admin@example\.com via the API \(token "zonectl emulator token"\), \S+ \(update\)`$/,
    );
    expect(attention).toContain(
      `  - revert: \`zonectl apply zones/${ZONE}.yaml\` (sets it back to 10 mx1.example.net) · adopt: \`zonectl drift zones/${ZONE}.yaml --adopt ${items[0]!.id}\``,
    );
    expect(r.stdout).not.toMatch(/^[+~!-] (?!:)/m);
  });

  it('HTML, JUnit, Slack and the GitHub issue: the same words, the same order', async () => {
    const html = await world.cli(['drift', 'zones/', '--format', 'html']);
    const rows = [...html.stdout.matchAll(/<tr class="item k-(\w+)[^"]*" data-kind="\w+" data-id="(d2:[0-9a-f]{24})"><td>([^<]+)/g)];
    expect(rows.map((m) => m[2])).toEqual(items.map((i) => i.id));
    expect(rows.map((m) => m[3])).toEqual(
      items.map((i) => `${i.happened === 'changed' && i.type === 'dns_settings' ? 'settings changed' : i.happened} at the service`),
    );
    expect(html.stdout).toContain('<span class="impact r2">proxied turned off: the origin&#39;s address is published</span>');

    const junit = await world.cli(['drift', 'zones/', '--format', 'junit']);
    const message = /<failure message="([^"]*)"/.exec(junit.stdout)![1]!.split('&#10;');
    expect(message.filter((l) => !l.startsWith('    ')).slice(1, 4)).toEqual([
      `${ZONE} MX value changed at the service: live 50 mx1.example.net, file 10 mx1.example.net`,
      `sub.${ZONE} NS added at the service: live ns1.elsewhere.example  [ttl 3600], not in the file`,
      `www.${ZONE} A proxied changed at the service: live false, file true`,
    ]);

    const slack = JSON.parse((await world.cli(['drift', 'zones/', '--format', 'slack'])).stdout) as {
      blocks: Array<{ text?: { text: string } }>;
    };
    const section = slack.blocks.map((b) => b.text?.text ?? '').find((t) => t.includes(`*${ZONE}*`))!;
    expect(section).toMatch(/: 4 changed, 3 added, 1 removed, 1 setting changed at the service\n/);
    expect(section.indexOf(`${ZONE} MX value`)).toBeLessThan(section.indexOf(`app.${ZONE} A value`));
    expect(section.indexOf(`app.${ZONE} A value`)).toBeLessThan(section.indexOf(`old.${ZONE} TXT removed`));

    const report = JSON.parse(readFileSync(join(world.dir, 'drift.json'), 'utf8')) as { zones: Array<{ zone: string; items: unknown[] }> };
    // The nightly job's issue script, as the workflow runs it (its issueBody, on the report written by --out).
    const script = new URL('../../scripts/github-drift-issues.mjs', import.meta.url).href;
    const { issueBody } = (await import(script)) as { issueBody: (zone: unknown, report: unknown) => string };
    const body = issueBody(report.zones[0], report);
    const issueRows = body.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| what'));
    expect(issueRows[0]).toMatch(
      /^\| changed at the service \(` the zone apex \(MX: mail\) `\) \| ` ops\.example ` \| ` MX ` \| ` value ` \| ` 50 mx1\.example\.net ` \| ` 10 mx1\.example\.net ` \|/,
    );
    expect(issueRows.at(-1)).toMatch(/^\| (changed|added|removed) at the service \| /);
    expect(body).toContain('revert: ` zonectl apply zones/ops.example.yaml `<br>adopt: ` zonectl drift zones/ops.example.yaml --adopt d2:');
  });

  it('revert: apply restores the file’s values, and a second plan is empty', async () => {
    const applied = await world.cli(['apply', 'zones/', '--yes']);
    expect(applied.code, applied.stderr).toBe(0);
    expect((await world.cli(['plan', 'zones/', '--detailed-exitcode'])).code).toBe(0);
    expect((await world.cli(['drift', 'zones/'])).code).toBe(0);
  }, 60_000);
});
