/**
 * The Markdown report of plan / drift: summary table first, what needs attention before the
 * details, details folded per zone, the whole below GitHub's comment limit, a long TXT change as
 * a word diff. Plans come from the real planner (core) over zone files and live records.
 */
import { describe, expect, it } from 'vitest';
import type { LiveRecord } from '../../../src/core/model/record.js';
import { planNewZone, planZone } from '../../../src/core/plan/plan-zone.js';
import { renderZoneText } from '../../../src/core/render/render-text.js';
import { GITHUB_COMMENT_LIMIT, renderMarkdownReport } from '../../../src/core/render/render-markdown.js';
import type { ZoneReport } from '../../../src/core/drift/zone-report.js';
import { config } from '../../scenario/harness.js';

function planned(zone: string, yaml: string, live: LiveRecord[] = []): ZoneReport {
  const plan = planZone(config(`version: 1\nzone: ${zone}\n${yaml}`), `id-${zone}`, { records: live });
  return { kind: 'planned', zone, file: `${zone}.yaml`, plan };
}

const live = (id: string, name: string, type: 'A' | 'TXT', content: string): LiveRecord => ({
  id,
  name,
  type,
  content,
  ttl: 1,
  proxied: false,
});

describe('markdown report', () => {
  it('table first, then destructive changes and refusals, then folded details; drift says drift', () => {
    const deletes = planned('b.example', 'manage: { unmanaged: delete }\nrecords: []\n', [live('r1', 'old.b.example', 'A', '192.0.2.9')]);
    const creates = planned('a.example', 'records:\n  - { name: www, type: A, content: 192.0.2.1 }\n');
    const failed: ZoneReport = {
      kind: 'failed',
      zone: 'c.example',
      file: 'c.example.yaml',
      code: 'ZONE_LOOKUP',
      message: 'zone "c.example" not found',
    };
    const md = renderMarkdownReport([creates, deletes, failed], { kind: 'drift' });
    expect(md.startsWith('### zonectl drift\n')).toBe(true);
    const table = md.indexOf('| zone | create | update | delete | unmanaged | warnings |');
    const attention = md.indexOf('#### Needs attention');
    const details = md.indexOf('<details>');
    expect(table).toBeGreaterThan(0);
    expect(attention).toBeGreaterThan(0);
    expect(details).toBeGreaterThan(attention);
    expect(md).toContain('| `a.example` | 1 | 0 | 0 | 0 | 0 |');
    expect(md).toContain('| `c.example` :x: failed | - | - | - | - | - |');
    // Drift says what happened at the service, the live value first, no plan sign (issue 42, item 1), and each item's ways out.
    expect(md).toContain(
      '- :small_orange_diamond: `a.example`: `www.a.example A removed at the service: not live, file 192.0.2.1  [ttl auto]`\n' +
        '  - revert: `zonectl apply a.example.yaml` (creates it again) · adopt: `zonectl drift a.example.yaml --adopt d2:',
    );
    expect(md).toContain(
      '- :small_orange_diamond: `b.example`: `old.b.example A added at the service: live 192.0.2.9  [ttl auto], not in the file`\n' +
        '  - revert: `zonectl apply b.example.yaml` (deletes it) · adopt: `zonectl drift b.example.yaml --adopt d2:',
    );
    expect(md).toMatch(/- :x: `c\.example` failed \(ZONE_LOOKUP\)/);
    expect(md).toContain(
      '<details><summary><code>a.example</code>: Drift: 1 removed at the service. Apply would: 1 create, 0 update, 0 delete; 0 unchanged.',
    );
    expect(md).toContain(
      '\nwww.a.example A removed at the service: not live, file 192.0.2.1  [ttl auto]\n    revert: zonectl apply a.example.yaml',
    );
    expect(md).toContain('\nold.b.example A added at the service: live 192.0.2.9  [ttl auto], not in the file\n');
    expect(md).not.toMatch(/^[+~!-] (?!:)/m); // no plan sign (a bullet starts with an emoji)
    const plan = renderMarkdownReport([creates, deletes]);
    expect(plan.startsWith('### zonectl plan\n')).toBe(true);
    expect(plan).toMatch(/- :warning: `b\.example`: \*\*1 to delete\*\*: `old\.b\.example A`/);
    expect(plan).toContain('<details><summary><code>a.example</code>: Plan: 1 to create');
    expect(plan).toContain('+ www.a.example A 192.0.2.1');
  });

  it('a changed record in drift: changed at the service, the live value then the file one (plan: live → file)', () => {
    const changed = planned('d.example', 'records:\n  - { name: www, type: A, content: 192.0.2.1 }\n', [
      live('r1', 'www.d.example', 'A', '192.0.2.99'),
    ]);
    const md = renderMarkdownReport([changed], { kind: 'drift' });
    expect(md).toContain('\nwww.d.example A value changed at the service: live 192.0.2.99, file 192.0.2.1\n');
    expect(md).toContain('    revert: zonectl apply d.example.yaml (sets it back to 192.0.2.1)\n');
    expect(md).toMatch(/ {4}adopt: zonectl drift d\.example\.yaml --adopt d2:[0-9a-f]{24} \(writes 192\.0\.2\.99 into the file\)\n/);
    expect(md).not.toContain('→');
    expect(renderMarkdownReport([changed])).toContain('content: 192.0.2.99 → 192.0.2.1');
  });

  it('with accounts of zonectl.yaml the table has the account column the text table has', () => {
    const a: ZoneReport = { ...planned('a.example', 'records: []\n'), group: 'main' };
    const b: ZoneReport = { ...planned('b.example', 'records: []\n'), group: 'shop' };
    const c: ZoneReport = { kind: 'failed', zone: 'c.example', file: 'c.example.yaml', code: 'ZONE_LOOKUP', message: 'x' };
    for (const kind of ['plan', 'drift'] as const) {
      const md = renderMarkdownReport([a, b, c], { kind });
      expect(md).toContain('| account | zone | create | update | delete | unmanaged | warnings |\n|---|---|---:|---:|---:|---:|---:|');
      expect(md).toContain('| `main` | `a.example` | 0 | 0 | 0 | 0 | 0 |');
      expect(md).toContain('| `shop` | `b.example` | 0 | 0 | 0 | 0 | 0 |');
      expect(md).toContain('| - | `c.example` :x: failed | - | - | - | - | - |');
    }
    // Without accounts, no such column.
    expect(renderMarkdownReport([planned('a.example', 'records: []\n')])).toContain('| zone | create |');
  });

  it('a threshold refusal is at the top', () => {
    const lives = Array.from({ length: 10 }, (_, i) => live(`r${i}`, `h${i}.t.example`, 'A', '192.0.2.1'));
    const refused = planned('t.example', 'manage: { unmanaged: delete }\nrecords: []\n', lives);
    const md = renderMarkdownReport([refused]);
    expect(md).toMatch(/:no_entry: `t\.example`: \*\*refused\*\*: 10 deletes are 100% of the zone/);
    expect(md.indexOf('refused**')).toBeLessThan(md.indexOf('<details>'));
  });

  it('stays below 65,536 characters with thousands of changes, and says how many are not shown', () => {
    const records = Array.from({ length: 3000 }, (_, i) => `  - { name: host-${i}, type: TXT, content: "${'v'.repeat(40)}-${i}" }`).join(
      '\n',
    );
    const big = planned('big.example', `records:\n${records}\n`);
    const many = Array.from({ length: 400 }, (_, i) =>
      planned(`z${i}.example`, 'records:\n  - { name: www, type: A, content: 192.0.2.1 }\n'),
    );
    const md = renderMarkdownReport([big, ...many]);
    expect(md.length).toBeLessThan(GITHUB_COMMENT_LIMIT);
    const m = /\*\*(\d+) more changes not shown\*\*/.exec(md);
    expect(m).not.toBeNull();
    const shownCreates = (md.match(/^\+ /gm) ?? []).length;
    expect(shownCreates + Number(m![1])).toBe(3000 + 400);
    expect(md).toContain("the full plan is in the job's text output");
    // The table comes first and the details of what fits follow.
    expect(md.indexOf('| `big.example` | 3000 |')).toBeGreaterThan(0);
  });

  it('a long TXT change is a word diff of the two texts', () => {
    const before = 'v=spf1 include:_spf.google.com include:mailgun.org include:sendgrid.net include:servers.mcsv.net ip4:192.0.2.0/24 -all';
    const after = before.replace('include:mailgun.org ', '').replace('-all', '~all');
    const plan = planned('m.example', `records:\n  - { name: "@", type: TXT, content: "${after}" }\n`, [
      live('t1', 'm.example', 'TXT', before),
    ]);
    const md = renderMarkdownReport([plan]);
    expect(md).toContain('! m.example TXT (word diff: [-removed-] {+added+})');
    expect(md).toContain('include:[-mailgun.org include:-]sendgrid.net');
    expect(md).toContain('[---]{+~+}all');
    expect(md).not.toContain(before);
  });
});

describe('drift of a zone that does not exist yet', () => {
  it('says the zone is missing, never that its records were deleted outside the zone files', () => {
    const plan = planNewZone(config('version: 1\nzone: new.example\nrecords:\n  - { name: www, type: A, content: 192.0.2.1 }\n'), '0123');
    const text = renderZoneText(plan, undefined, { kind: 'drift' });
    expect(text).toContain('  new.example zone missing at the service: the zone does not exist, the file lists it\n');
    expect(text).toContain('  www.new.example A not live yet (the zone does not exist): file 192.0.2.1  [ttl auto]\n');
    expect(text).toContain('      revert: zonectl apply zone.yaml (creates it with the zone)\n');
    expect(text).not.toContain('adopt:'); // nothing live to take in
    expect(text).toContain('Drift: the zone does not exist yet. Apply would: 2 create (the zone and its records).');
    expect(text).not.toContain('removed at the service');
    const md = renderMarkdownReport([{ kind: 'planned', zone: 'new.example', file: 'new.example.yaml', plan }], { kind: 'drift' });
    expect(md).toContain('\nwww.new.example A not live yet (the zone does not exist)');
    expect(md).not.toContain('removed at the service');
  });
});
