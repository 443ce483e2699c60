/**
 * Zone-file edits (src/core/yaml-edit/zone-file-edit.ts): where a new record goes and how it is
 * written, records changed and removed by their index; and the routing of a zone's edits to the
 * file that holds each record (route-edits.ts).
 */
import { describe, expect, it } from 'vitest';
import { editZoneFile, recordHome, routeEdits, type ZoneFileEdit } from '../../../src/core/yaml-edit/index.js';
import { parseZoneFile } from '../../../src/core/zonefile/index.js';

function edited(text: string, edits: ZoneFileEdit[], zone = 'example.com'): string {
  const r = editZoneFile(text, edits, { zone });
  if (!r.ok) throw new Error(`refused: ${r.refusal.reason}: ${r.refusal.message}`);
  // Whatever the editor writes is a valid zone file.
  const { problems } = parseZoneFile({ path: 'z.yaml', text: r.text }, {});
  expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
  return r.text;
}

const SORTED = `version: 1
zone: example.com
records:
  - { name: "@", type: A, content: 192.0.2.1 }
  - { name: "@", type: MX, content: mx.example.net, priority: 10 }

  - { name: api, type: A, content: 192.0.2.2 }

  - { name: www, type: CNAME, content: example.com }
`;

describe('a new record: beside its name, else in the file’s order, written like its neighbours', () => {
  it('beside the records of its name and type', () => {
    const out = edited(SORTED, [{ kind: 'add-record', record: { name: '@', type: 'A', content: '192.0.2.9' } }]);
    expect(out).toBe(SORTED.replace('content: 192.0.2.1 }\n', 'content: 192.0.2.1 }\n  - { name: "@", type: A, content: 192.0.2.9 }\n'));
  });

  it('a name the file does not have, in a file sorted by name: in its place, as its own group', () => {
    const out = edited(SORTED, [{ kind: 'add-record', record: { name: 'mail', type: 'A', content: '192.0.2.25', ttl: 300 } }]);
    expect(out).toBe(
      SORTED.replace('content: 192.0.2.2 }\n', 'content: 192.0.2.2 }\n\n  - { name: mail, type: A, content: 192.0.2.25, ttl: 300 }\n'),
    );
  });

  it('a fully qualified name is written as the file writes names (relative here)', () => {
    const out = edited(SORTED, [{ kind: 'add-record', record: { name: 'zz.example.com.', type: 'TXT', content: 'x' } }]);
    expect(out.endsWith('  - { name: www, type: CNAME, content: example.com }\n\n  - { name: zz, type: TXT, content: x }\n')).toBe(true);
  });

  it('a file of absolute names gets an absolute name; a file of block records a block record', () => {
    const absolute =
      'version: 1\nzone: example.info\nrecords:\n- {name: example.info., type: A, content: 192.0.2.1}\n- {name: www.example.info., type: A, content: 192.0.2.2}\n';
    // (sorted by name: `mail` goes before `www`)
    expect(edited(absolute, [{ kind: 'add-record', record: { name: 'mail', type: 'A', content: '192.0.2.3' } }], 'example.info')).toBe(
      absolute.replace('- {name: www', '- {name: mail.example.info., type: A, content: 192.0.2.3}\n- {name: www'),
    );
    const block = "version: 1\nzone: example.com\nrecords:\n  - name: '@'\n    type: A\n    content: '192.0.2.1'\n";
    expect(edited(block, [{ kind: 'add-record', record: { name: 'www', type: 'A', content: '192.0.2.2' } }])).toBe(
      `${block}  - name: 'www'\n    type: A\n    content: '192.0.2.2'\n`,
    );
  });

  it('an empty zone (`records:` and its comment, as export writes it)', () => {
    const empty = 'version: 1\nzone: example.com\nrecords:\n  # no records yet; add them here, one a line\n';
    expect(edited(empty, [{ kind: 'add-record', record: { name: 'www', type: 'A', content: '192.0.2.2' } }])).toBe(
      `${empty}  - { name: www, type: A, content: 192.0.2.2 }\n`,
    );
  });

  it('comment lines given with the record go above it', () => {
    const out = edited(SORTED, [
      { kind: 'add-record', record: { name: 'ops', type: 'A', content: '192.0.2.7' }, comments: ['owner: ops@example.com'] },
    ]);
    expect(out).toContain('\n\n  # owner: ops@example.com\n  - { name: ops, type: A, content: 192.0.2.7 }\n\n  - { name: www,');
  });
});

describe('records changed and removed by index; other values by path', () => {
  it('a change keeps the record’s place and style; a removal its neighbours’ comments', () => {
    const text =
      'version: 1\nzone: example.com\nrecords:\n  # a\n  - { name: a, type: A, content: 192.0.2.1 }\n  # b\n  - { name: b, type: A, content: 192.0.2.2 }\n';
    expect(
      edited(text, [
        { kind: 'change-record', index: 1, fields: { content: '192.0.2.3', comment: 'moved' } },
        { kind: 'remove-record', index: 0 },
      ]),
    ).toBe('version: 1\nzone: example.com\nrecords:\n  # b\n  - { name: b, type: A, content: 192.0.2.3, comment: moved }\n');
  });

  it('settings: a new section after `zone` (export’s order), a member beside its siblings', () => {
    const text = 'version: 1\nzone: example.com\nrecords: []\n';
    expect(edited(text, [{ kind: 'set', path: ['settings', 'multi_provider'], value: true }])).toBe(
      'version: 1\nzone: example.com\nsettings:\n  multi_provider: true\nrecords: []\n',
    );
    const withSettings =
      'version: 1\nzone: example.com\nsettings:\n  flatten_all_cnames: false\n  nameservers: { type: cloudflare.standard }\nrecords: []\n';
    expect(edited(withSettings, [{ kind: 'set', path: ['settings', 'multi_provider'], value: true }])).toBe(
      withSettings.replace('  nameservers:', '  multi_provider: true\n  nameservers:'),
    );
  });
});

describe('routing: each record’s edit to the file that holds it', () => {
  const fromZone = { path: 'records[2]' };
  const fromFragment = { path: 'records[0]', source: 'shared/mail.yaml' };

  it('recordHome: the zone file or the fragment, and the index there', () => {
    expect(recordHome('zones/a.yaml', fromZone)).toEqual({ file: 'zones/a.yaml', index: 2, fragment: false });
    expect(recordHome('zones/a.yaml', fromFragment)).toEqual({ file: 'shared/mail.yaml', index: 0, fragment: true });
  });

  it('a fragment only this zone includes: edited there; new records and settings: the zone file', () => {
    const routed = routeEdits(
      'zones/a.yaml',
      [
        { kind: 'remove-record', record: fromFragment },
        { kind: 'change-record', record: fromZone, fields: { ttl: 60 } },
        { kind: 'add-record', record: { name: 'x', type: 'A', content: '192.0.2.1' } },
        { kind: 'set', path: ['settings', 'multi_provider'], value: true },
      ],
      () => [],
    );
    expect(routed).toEqual({
      ok: true,
      files: [
        {
          file: 'zones/a.yaml',
          fragment: false,
          edits: [
            { kind: 'change-record', index: 2, fields: { ttl: 60 } },
            { kind: 'add-record', record: { name: 'x', type: 'A', content: '192.0.2.1' } },
            { kind: 'set', path: ['settings', 'multi_provider'], value: true },
          ],
        },
        { file: 'shared/mail.yaml', fragment: true, edits: [{ kind: 'remove-record', index: 0 }] },
      ],
    });
  });

  it('a fragment other zones include: refused, naming them', () => {
    const routed = routeEdits('zones/a.yaml', [{ kind: 'remove-record', record: fromFragment }], (f) =>
      f === 'shared/mail.yaml' ? ['zones/b.yaml', 'zones/c.yaml'] : [],
    );
    expect(routed.ok).toBe(false);
    if (routed.ok) return;
    expect(routed.shared).toEqual([
      {
        fragment: 'shared/mail.yaml',
        zones: ['zones/b.yaml', 'zones/c.yaml'],
        message:
          'shared/mail.yaml holds a record to change, and 2 other zones include it too (zones/b.yaml, zones/c.yaml): editing it would change those zones; move the record into zones/a.yaml, or change the fragment by hand',
      },
    ]);
  });
});

describe('`include:` lines and fragments', () => {
  const withIncludes = `version: 1
zone: example.com
include:
  - ../shared/mail.yaml   # MX and SPF
  # - ../shared/old.yaml (retired)
  - ../shared/web.yaml
settings:
  multi_provider: false
records:
  - { name: www, type: A, content: 192.0.2.1 }
`;
  it('every edit of the zone file leaves its `include:` lines byte for byte', () => {
    const out = editZoneFile(
      withIncludes,
      [
        { kind: 'add-record', record: { name: 'api', type: 'A', content: '192.0.2.2' } },
        { kind: 'change-record', index: 0, fields: { content: '192.0.2.9' } },
        { kind: 'set', path: ['settings', 'flatten_all_cnames'], value: true },
      ],
      { zone: 'example.com' },
    );
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    const lines = out.text.split('\n');
    for (const line of withIncludes.split('\n').slice(2, 6)) expect(lines).toContain(line);
    expect(
      out.text.indexOf('include:\n  - ../shared/mail.yaml   # MX and SPF\n  # - ../shared/old.yaml (retired)\n  - ../shared/web.yaml\n'),
    ).toBe('version: 1\nzone: example.com\n'.length);
  });

  it('a fragment (no `zone:`) is edited with the names of the zone that includes it', () => {
    const fragment =
      '# Mail for every zone.\nversion: 1\ndefaults: { ttl: 3600 }\nrecords:\n  - { name: "@", type: MX, content: mx1.mail.example.net, priority: 10 }   # primary\n';
    const out = editZoneFile(
      fragment,
      [
        { kind: 'change-record', index: 0, fields: { priority: 5 } },
        { kind: 'add-record', record: { name: 'example.com.', type: 'MX', content: 'mx2.mail.example.net', priority: 20 } },
      ],
      { zone: 'example.com' },
    );
    expect(out).toEqual({
      ok: true,
      text: fragment.replace(
        'priority: 10 }   # primary\n',
        'priority: 5 }   # primary\n  - { name: "@", type: MX, content: mx2.mail.example.net, priority: 20 }\n',
      ),
    });
  });
});

describe('anchors and merge keys in records', () => {
  const text = `version: 1
zone: example.net
records:
  - &web
    name: "@"
    type: A
    content: 192.0.2.80
    proxied: true
  - <<: *web
    name: www
  - { name: ftp, type: A, content: 192.0.2.21 }
`;
  const zone = { zone: 'example.net' };
  it('a field of a record that merges another: an override on that record; the anchored record stays', () => {
    const out = editZoneFile(text, [{ kind: 'change-record', index: 1, fields: { content: '192.0.2.81' } }], zone);
    expect(out).toEqual({ ok: true, text: text.replace('    name: www\n', '    name: www\n    content: 192.0.2.81\n') });
  });

  it('the anchored record: refused (anchor-shared), naming its line and the alias', () => {
    const out = editZoneFile(text, [{ kind: 'change-record', index: 0, fields: { content: '192.0.2.99' } }], zone);
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.refusal).toMatchObject({ reason: 'anchor-shared', line: 4 });
    expect(out.refusal.message).toMatch(/&web.*line 9/);
    const removed = editZoneFile(text, [{ kind: 'remove-record', index: 0 }], zone);
    expect(!removed.ok && removed.refusal.reason).toBe('anchor-used');
  });

  it('a field whose own value carries an anchor another record aliases: refused (anchor-shared) at the anchor, not rewritten under it', () => {
    const scalar =
      'version: 1\nzone: example.net\nrecords:\n  - { name: "@", type: A, content: &origin 192.0.2.10 }\n  - { name: origin, type: A, content: *origin }\n';
    const out = editZoneFile(scalar, [{ kind: 'change-record', index: 0, fields: { content: '192.0.2.99' } }], zone);
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.refusal).toMatchObject({ reason: 'anchor-shared', line: 4 });
    expect(out.refusal.message).toMatch(/&origin.*line 5/);
  });

  it('a field the merge gives cannot be removed (merged-key); the merging record can', () => {
    const out = editZoneFile(text, [{ kind: 'change-record', index: 1, fields: { proxied: undefined } }], zone);
    expect(!out.ok && out.refusal.reason).toBe('merged-key');
    expect(editZoneFile(text, [{ kind: 'remove-record', index: 1 }], zone)).toEqual({
      ok: true,
      text: text.replace('  - <<: *web\n    name: www\n', ''),
    });
  });
});

describe('comments above records and blank-line groups', () => {
  const owners = `version: 1
zone: example.com
records:
  - { name: "@", type: A, content: 192.0.2.10 }
  # echo@example.com U080A3QP42C
  - { name: api, type: A, content: 192.0.2.1 }
  - { name: api, type: A, content: 192.0.2.2 }
  # ops@example.com U1
  - { name: www, type: CNAME, content: example.com }
`;
  it('an owner line above the first of a name’s records stays with the name while it has records', () => {
    expect(edited(owners, [{ kind: 'remove-record', index: 1 }])).toBe(
      owners.replace('  - { name: api, type: A, content: 192.0.2.1 }\n', ''),
    );
    expect(
      edited(owners, [
        { kind: 'remove-record', index: 1 },
        { kind: 'remove-record', index: 2 },
      ]),
    ).toBe(
      owners.replace(
        '  # echo@example.com U080A3QP42C\n  - { name: api, type: A, content: 192.0.2.1 }\n  - { name: api, type: A, content: 192.0.2.2 }\n',
        '',
      ),
    );
  });

  it('a record’s own comment lines go with it; its neighbours keep theirs', () => {
    expect(edited(owners, [{ kind: 'remove-record', index: 3 }])).toBe(
      owners.replace('  # ops@example.com U1\n  - { name: www, type: CNAME, content: example.com }\n', ''),
    );
  });

  it('a file whose names are set apart by blank lines: a removed name takes its blank line, a new one gets one', () => {
    const removed = edited(SORTED, [{ kind: 'remove-record', index: 2 }]);
    expect(removed).toBe(SORTED.replace('\n  - { name: api, type: A, content: 192.0.2.2 }\n', ''));
    const last = edited(SORTED, [{ kind: 'remove-record', index: 3 }]);
    expect(last).toBe(SORTED.replace('\n  - { name: www, type: CNAME, content: example.com }\n', ''));
  });
});

describe('line endings and refusals at the zone-file level', () => {
  it('a CRLF file gets CRLF in every line written', () => {
    const crlf = SORTED.replaceAll('\n', '\r\n');
    const out = edited(crlf, [
      { kind: 'add-record', record: { name: 'mail', type: 'A', content: '192.0.2.25' } },
      { kind: 'change-record', index: 0, fields: { ttl: 300 } },
    ]);
    expect(out.replaceAll('\r\n', '')).not.toContain('\n');
    expect(out).toContain('\r\n\r\n  - { name: mail, type: A, content: 192.0.2.25 }\r\n\r\n  - { name: www,');
  });

  it('a field written with ${VAR} is refused, never replaced by the value', () => {
    const text = 'version: 1\nzone: example.com\nrecords:\n  - { name: origin, type: A, content: "${ORIGIN_IP}" }\n';
    const out = editZoneFile(text, [{ kind: 'change-record', index: 0, fields: { content: '192.0.2.1' } }], { zone: 'example.com' });
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.refusal).toMatchObject({ reason: 'variable-reference', line: 4, path: ['records', 0, 'content'] });
    // Its other fields can change.
    expect(editZoneFile(text, [{ kind: 'change-record', index: 0, fields: { ttl: 60 } }], { zone: 'example.com' })).toEqual({
      ok: true,
      text: text.replace('"${ORIGIN_IP}" }', '"${ORIGIN_IP}", ttl: 60 }'),
    });
  });

  it('an index the file does not have: no-such-node', () => {
    const out = editZoneFile(SORTED, [{ kind: 'change-record', index: 9, fields: { ttl: 60 } }], { zone: 'example.com' });
    expect(!out.ok && out.refusal.reason).toBe('no-such-node');
  });
});
