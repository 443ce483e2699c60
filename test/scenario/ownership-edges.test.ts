import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planZoneRun } from '../../src/app/engine/plan-zone-run.js';
import { formatProblem } from '../../src/core/yaml/index.js';
import { parseZoneFile } from '../../src/core/zonefile/index.js';
import { TOKEN, config, converge, listRecords, startHarness, type Harness } from './harness.js';

describe('ownership edges against the emulator', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ zones: ['example.com', 'other.org'] });
  });
  afterAll(async () => {
    await h.close();
  });

  it('refuses a zone_id that belongs to another zone, instead of planning deletes there', async () => {
    const other = h.emulator.zones.find((z) => z.name === 'other.org');
    await fetch(`${h.emulator.baseUrl}/zones/${other?.id}/dns_records`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x.other.org', type: 'A', content: '192.0.2.9' }),
    });
    const c = config(`version: 1\nzone: example.com\nzone_id: ${other?.id}\nrecords: []\nmanage: { unmanaged: delete }\n`);
    await expect(planZoneRun(h.client, c)).rejects.toThrow(/is the zone "other\.org", but the file describes "example\.com"/);
  });

  // Changed in issue 28: a listed record an ignore rule matches is no longer the file's silently
  // (it was planned as the file's, which broke the rule's promise); the file is refused instead.
  it('a record the file lists that an ignore glob matches is refused at validate, naming both lines', async () => {
    const yaml = `version: 1\nzone: example.com\nrecords:\n  - { name: _acme-challenge, type: TXT, content: desired }\nmanage: { ignore: [{ name: "_acme-challenge*", type: TXT }] }\n`;
    const { config: c, problems } = parseZoneFile({ path: 'zone.yaml', text: yaml }, {});
    expect(c).toBeUndefined();
    expect(problems.filter((p) => p.severity === 'error').map(formatProblem)).toEqual([
      expect.stringMatching(
        /^zone\.yaml:4:\d+ records\[0\]\.name: records\[0\] \(line 4\) _acme-challenge\.example\.com TXT matches manage\.ignore\[0\] \(line 5\)/,
      ),
    ]);
    // The record another tool writes there, for the next case.
    await fetch(`${h.emulator.baseUrl}/zones/${h.zoneId}/dns_records`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: '_acme-challenge.example.com', type: 'TXT', content: 'desired' }),
    });
  });

  it('an ignored record the file does not list is neither changed nor deleted', async () => {
    const yaml = `version: 1\nzone: example.com\nrecords:\n  - { name: www, type: A, content: 192.0.2.1 }\nmanage: { unmanaged: delete, max_delete_percent: 100, ignore: [{ name: "_acme-challenge*", type: TXT }] }\n`;
    const run = await converge(h, config(yaml));
    expect(run.plan.operations.filter((o) => o.action === 'delete')).toEqual([]);
    expect((await listRecords(h)).map((r) => `${r.name} ${r.type}`).sort()).toEqual([
      '_acme-challenge.example.com TXT',
      'www.example.com A',
    ]);
  });

  it('an ignore rule by content keeps the CNAMEs pointing at *.acm-validations.aws and deletes the other unlisted CNAMEs', async () => {
    for (const [name, content] of [
      ['_a1', '_b1.xyz.acm-validations.aws'],
      ['_a2', '_b2.xyz.acm-validations.aws'],
      ['old', 'lb.example.net'],
    ]) {
      await fetch(`${h.emulator.baseUrl}/zones/${h.emulator.zones[0].id}/dns_records`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `${name}.example.com`, type: 'CNAME', content }),
      });
    }
    const yaml = `version: 1\nzone: example.com\nrecords:\n  - { name: www, type: A, content: 192.0.2.1 }\nmanage: { unmanaged: delete, max_delete_percent: 100, ignore: [{ type: CNAME, content: "*.acm-validations.aws" }, { name: "_acme-challenge*", type: TXT }] }\n`;
    const run = await converge(h, config(yaml));
    expect(run.plan.operations.flatMap((o) => (o.kind === 'dns_record' && o.action === 'delete' ? [o.before.name] : []))).toEqual([
      'old.example.com',
    ]);
    expect(
      (await listRecords(h))
        .filter((r) => r.type === 'CNAME')
        .map((r) => r.name)
        .sort(),
    ).toEqual(['_a1.example.com', '_a2.example.com']);
  });
});
