/**
 * Issue 28, item 4: an ignore rule that names content protects each live record it matches,
 * whatever else the file lists at that name and type (DNSControl's IGNORE with a target:
 * "a label with two A records, one controlled by DNSControl and one by an external system",
 * pkg/diff2/handsoff.go). A record the file lists that a rule matches is a validation error
 * naming both lines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatProblem } from '../../src/core/yaml/index.js';
import { parseZoneFile } from '../../src/core/zonefile/index.js';
import { TOKEN, config, converge, listRecords, startHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** A record written by another system, through the raw API. */
async function external(body: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${h.emulator.baseUrl}/zones/${h.zoneId}/dns_records`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
}

const live = async (name: string, type: string): Promise<string[]> =>
  (await listRecords(h))
    .filter((r) => r.name === `${name}.example.com` && r.type === type)
    .map((r) => r.content)
    .sort();

/** The file's foo A, and a rule that leaves the external system's foo A alone. */
const FOO_FILE = [
  'version: 1',
  'zone: example.com',
  'records:',
  '  - { name: foo, type: A, content: 2.3.4.5 }',
  'manage: { unmanaged: delete, max_delete_percent: 100, ignore: [{ name: foo, type: A, content: 1.2.3.4 }] }',
  '',
].join('\n');

describe('an ignore rule with content keeps each matching live record, beside the records the file lists there', () => {
  it('one A of a name is the file’s, another an external system’s: the plan creates the file’s and deletes nothing', async () => {
    await external({ name: 'foo.example.com', type: 'A', content: '1.2.3.4' });
    const yaml = FOO_FILE;
    const run = await converge(h, config(yaml));
    expect(
      run.plan.operations.map((o) =>
        o.kind === 'dns_record' ? `${o.action} ${o.action === 'delete' ? o.before.content : o.after.content}` : o.kind,
      ),
    ).toEqual(['create 2.3.4.5']);
    expect(await live('foo', 'A')).toEqual(['1.2.3.4', '2.3.4.5']);
  });

  it('a live A the rule does not match is still the file’s: deleted, as the file does not list it', async () => {
    await external({ name: 'foo.example.com', type: 'A', content: '9.9.9.9' });
    const yaml = FOO_FILE;
    const run = await converge(h, config(yaml));
    expect(run.plan.operations.flatMap((o) => (o.kind === 'dns_record' && o.action === 'delete' ? [o.before.content] : []))).toEqual([
      '9.9.9.9',
    ]);
    expect(await live('foo', 'A')).toEqual(['1.2.3.4', '2.3.4.5']);
  });

  it('TXT rules match the text, the strings joined: a verification token another tool writes stays beside the file’s SPF', async () => {
    await external({ name: 'example.com', type: 'TXT', content: '"token-" "abc123"' });
    const yaml = [
      'version: 1',
      'zone: example.com',
      'records:',
      '  - { name: foo, type: A, content: 2.3.4.5 }',
      '  - { name: "@", type: TXT, content: "v=spf1 -all" }',
      'manage:',
      '  unmanaged: delete',
      '  max_delete_percent: 100',
      '  ignore: [{ name: foo, type: A, content: 1.2.3.4 }, { name: "@", type: TXT, content: "token-*" }]',
      '',
    ].join('\n');
    await converge(h, config(yaml));
    const txt = (await listRecords(h)).filter((r) => r.name === 'example.com' && r.type === 'TXT').map((r) => r.content);
    expect(txt.sort()).toEqual(['"token-" "abc123"', '"v=spf1 -all"']);
  });
});

describe('a record the file lists that an ignore rule matches', () => {
  it('is a validation error naming the record’s line and the rule’s line', () => {
    const yaml = [
      'version: 1',
      'zone: example.com',
      'records:',
      '  - { name: foo, type: A, content: 2.3.4.5 }',
      '  - { name: foo, type: A, content: 1.2.3.4 }',
      'manage:',
      '  ignore:',
      '    - { name: "_acme-challenge*", type: TXT }',
      '    - { name: foo, type: A, content: 1.2.3.* }',
      '',
    ].join('\n');
    const { config: c, problems } = parseZoneFile({ path: 'zone.yaml', text: yaml }, {});
    expect(c).toBeUndefined();
    expect(problems.filter((p) => p.severity === 'error').map(formatProblem)).toEqual([
      "zone.yaml:5:13 records[1].name: records[1] (line 5) foo.example.com A matches manage.ignore[1] (line 9), which keeps the live records it matches out of the file's hands: remove the record from the file, or narrow the rule (a `content` glob) so that it does not match it",
    ]);
  });
});
