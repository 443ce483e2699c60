/**
 * `export --into`'s edits (src/core/export/refresh-edits.ts): the plan of a file against a live
 * zone, inverted; made by the editor, the file then plans empty against the same zone.
 */
import { describe, expect, it } from 'vitest';
import { editsToMatchLive } from '../../../src/core/export/refresh-edits.js';
import { type LiveZoneState, planZone } from '../../../src/core/plan/plan-zone.js';
import type { ZoneConfig } from '../../../src/core/zonefile/index.js';
import { editText, live, load, ZONE_ID } from './edit-fixture.js';

/** The refresh of `text` against `state`: its lines, the file written, and the plan of that file (empty). */
function refresh(text: string, state: LiveZoneState): { lines: string[]; notes: readonly string[]; after: string } {
  const config = load(text);
  const { edits, notes } = editsToMatchLive(config, planZone(config, ZONE_ID, state));
  const after = editText(text, edits);
  const again = planZone(load(after), ZONE_ID, state);
  expect(again.operations.filter((o) => o.kind !== 'token')).toEqual([]);
  return { lines: edits.map((e) => e.line).filter((l) => l !== ''), notes, after };
}

const HEAD = 'version: 1\nzone: example.com\ndefaults: { ttl: 3600 }\n';

describe('the live zone into the file', () => {
  it('a changed field: changed in place, said with both values', () => {
    const text = `${HEAD}records:\n  - { name: api, type: A, content: 192.0.2.1, ttl: 300 }   # api\n`;
    const { lines, after } = refresh(text, { records: [live({ name: 'api', type: 'A', content: '192.0.2.1', ttl: 600 })] });
    expect(lines).toEqual(['~ api A 192.0.2.1: ttl 300 → 600']);
    expect(after).toBe(text.replace('ttl: 300', 'ttl: 600'));
  });

  it('a record proxied live: `proxied: true` and no TTL of its own; unproxied again: its TTL said outright', () => {
    const text = `${HEAD}records:\n  - { name: www, type: A, content: 192.0.2.1, ttl: 300 }\n  - { name: cdn, type: CNAME, content: x.example.net, proxied: true }\n`;
    const { after } = refresh(text, {
      records: [
        live({ name: 'www', type: 'A', content: '192.0.2.1', proxied: true }),
        live({ name: 'cdn', type: 'CNAME', content: 'x.example.net', proxied: false, ttl: 1 }),
      ],
    });
    expect(after).toBe(
      `${HEAD}records:\n  - { name: www, type: A, content: 192.0.2.1, proxied: true }\n  - { name: cdn, type: CNAME, content: x.example.net, ttl: auto, proxied: false }\n`,
    );
  });

  it('a record only the zone holds: added as export writes it against the file’s defaults; one only the file lists: removed', () => {
    const text = `${HEAD}records:\n  - { name: www, type: A, content: 192.0.2.1 }\n  # retired\n  - { name: old, type: A, content: 192.0.2.9 }\n`;
    const { lines, after } = refresh(text, {
      records: [
        live({ name: 'www', type: 'A', content: '192.0.2.1', ttl: 3600 }),
        live({ name: 'www', type: 'A', content: '192.0.2.2', ttl: 3600, comment: 'second' }),
        live({ name: 'x', type: 'TXT', content: '"uses ${HOME} literally"', ttl: 300 }),
      ],
    });
    expect(lines.sort()).toEqual(['+ www A 192.0.2.2', '+ x TXT "uses ${HOME} literally"', '- old A 192.0.2.9'].sort());
    expect(after).toBe(
      `${HEAD}records:\n  - { name: www, type: A, content: 192.0.2.1 }\n  - { name: www, type: A, content: 192.0.2.2, comment: second }\n  - { name: x, type: TXT, content: "uses $\${HOME} literally", ttl: 300 }\n`,
    );
  });

  it('settings the file sets take the live values; a retired field goes with the one that replaces it', () => {
    const text = `${HEAD}settings:\n  cname_flattening: 'off'   # old name\n  multi_provider: false\nrecords: []\n`;
    const { lines, after } = refresh(text, { records: [], settings: { flatten_all_cnames: true, multi_provider: true } });
    expect(lines.sort()).toEqual(['~ settings.flatten_all_cnames: false → true', '~ settings.multi_provider: false → true']);
    expect(after).toBe(`${HEAD}settings:\n  flatten_all_cnames: true\n  multi_provider: true\nrecords: []\n`);
  });

  it('a long TXT written unquoted matches the live split; a changed TTL on it is found all the same', () => {
    const key = `v=DKIM1; k=rsa; p=${'A'.repeat(300)}`;
    const text = `${HEAD}records:\n  - { name: dkim._domainkey, type: TXT, content: "${key}" }\n`;
    const split = `"${key.slice(0, 255)}" "${key.slice(255)}"`;
    const { lines } = refresh(text, { records: [live({ name: 'dkim._domainkey', type: 'TXT', content: split, ttl: 300 })] });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^~ dkim\._domainkey TXT .*: ttl 3600 → 300$/);
  });

  it('tokens are not rewritten: a note says so', () => {
    const text = `${HEAD}records: []\ntokens:\n  - name: ci\n    policies:\n      - effect: allow\n        permission_groups: [{ name: DNS Read }]\n        resources: { "com.cloudflare.api.account.zone.{zone_id}": "*" }\n`;
    const config = load(text);
    const state: LiveZoneState = {
      records: [],
      tokens: {
        live: [],
        context: { zoneId: ZONE_ID, accountId: '', permissionGroups: [{ id: '82e64a83756745bbbb1c9c2701bf816b', name: 'DNS Read' }] },
      },
    };
    const { edits, notes } = editsToMatchLive(config, planZone(config, ZONE_ID, state));
    expect(edits).toEqual([]);
    expect(notes).toEqual([
      'token "ci": the live token differs from the file (create); export --into does not rewrite token specs: edit them by hand',
    ]);
  });

  it("unmanaged: owned — marking a live record as zonectl's is apply's write, never an edit of the file", () => {
    const text = `${HEAD}manage: { unmanaged: owned }\nrecords:\n  - { name: www, type: A, content: 192.0.2.1, comment: origin }\n`;
    const config = load(text);
    const state: LiveZoneState = { records: [live({ name: 'www', type: 'A', content: '192.0.2.1', ttl: 3600, comment: 'origin' })] };
    const plan = planZone(config, ZONE_ID, state);
    // The plan marks the unmarked record (the test means something only if it does).
    expect(plan.operations).toEqual([expect.objectContaining({ kind: 'dns_record', action: 'update', mark: true })]);
    expect(editsToMatchLive(config, plan)).toEqual({ edits: [], notes: [] });
  });

  it('a record of a fragment: its edit names the fragment, for the router', () => {
    const config: ZoneConfig = {
      ...load(`${HEAD}records:\n  - { name: www, type: A, content: 192.0.2.1 }\n`),
    };
    const fromFragment = { ...config.records[0]!, source: 'shared/web.yaml' };
    const withFragment: ZoneConfig = { ...config, records: [fromFragment] };
    const { edits } = editsToMatchLive(withFragment, planZone(withFragment, ZONE_ID, { records: [] }));
    expect(edits.map(({ edit, line }) => ({ edit, line }))).toEqual([
      { edit: { kind: 'remove-record', record: fromFragment }, line: '- www A 192.0.2.1 (in shared/web.yaml)' },
    ]);
    expect(edits[0]!.operation).toMatchObject({ kind: 'dns_record', action: 'create' });
  });
});
