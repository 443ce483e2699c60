/**
 * The document editor (src/core/yaml-edit/edit-document.ts): each edit as a person makes it,
 * every other byte kept; and each refusal with its reason.
 */
import { describe, expect, it } from 'vitest';
import { editYaml, type EditResult, type YamlEdit } from '../../../src/core/yaml-edit/index.js';

function edited(text: string, edits: YamlEdit[]): string {
  const r = editYaml(text, edits);
  if (!r.ok) throw new Error(`refused: ${r.refusal.reason}: ${r.refusal.message}`);
  return r.text;
}

function refused(text: string, edits: YamlEdit[]): Extract<EditResult, { ok: false }>['refusal'] {
  const r = editYaml(text, edits);
  if (r.ok) throw new Error(`made:\n${r.text}`);
  return r.refusal;
}

describe('scalars change in place, in their own quoting', () => {
  const text = `a: plain   # why
b: 'single'
c: "double"
d: 10
`;
  it.each([
    ['a', 'other', 'a: other   # why'],
    ['b', 'it’s', "b: 'it’s'"],
    ['b', "it's", "b: 'it''s'"],
    ['c', 'new', 'c: "new"'],
    ['c', 'tab\there', 'c: "tab\\there"'],
    ['a', '@', 'a: "@"   # why'],
    ['a', 'true', 'a: "true"   # why'],
    ['a', 'x: y', 'a: "x: y"   # why'],
    ['d', 20, 'd: 20'],
    ['d', 'auto', 'd: auto'],
  ] as const)('%s = %j', (key, value, line) => {
    const out = edited(text, [{ kind: 'set', path: [key], value }]);
    expect(out.split('\n')).toContain(line);
    // Every other line is the same.
    expect(out.split('\n').filter((l) => !l.startsWith(`${key}:`))).toEqual(text.split('\n').filter((l) => !l.startsWith(`${key}:`)));
  });

  it('an equal value changes nothing (the text is returned as is)', () => {
    expect(edited(text, [{ kind: 'set', path: ['b'], value: 'single' }])).toBe(text);
  });

  it('a block scalar stays a block at its column', () => {
    const block = 'k:\n  txt: >-\n      v=spf1 mx -all\n  next: 1\n';
    expect(edited(block, [{ kind: 'set', path: ['k', 'txt'], value: 'v=spf1 a -all' }])).toBe(
      'k:\n  txt: >-\n      v=spf1 a -all\n  next: 1\n',
    );
  });

  it('CRLF files keep CRLF in what is written', () => {
    const crlf = 'a: 1\r\nm:\r\n  x: 1\r\n';
    expect(edited(crlf, [{ kind: 'set', path: ['m', 'y'], value: 2 }])).toBe('a: 1\r\nm:\r\n  x: 1\r\n  y: 2\r\n');
  });
});

describe('mappings: keys added where the order puts them, removed with their lines', () => {
  it('flow: after the key that precedes it, several at once in order', () => {
    const text = 'r: { name: www, type: A, content: 192.0.2.1, proxied: true }   # web\n';
    const out = edited(text, [
      {
        kind: 'update',
        path: ['r'],
        fields: { comment: 'c', ttl: 300, proxied: undefined },
        order: ['name', 'type', 'content', 'ttl', 'proxied', 'comment'],
      },
    ]);
    expect(out).toBe('r: { name: www, type: A, content: 192.0.2.1, ttl: 300, comment: c }   # web\n');
  });

  it('flow: removing the first, a middle and the last key', () => {
    const text = 'r: {a: 1, b: 2, c: 3, d: 4}\n';
    expect(edited(text, [{ kind: 'remove', path: ['r', 'a'] }])).toBe('r: {b: 2, c: 3, d: 4}\n');
    expect(
      edited(text, [
        { kind: 'remove', path: ['r', 'b'] },
        { kind: 'remove', path: ['r', 'c'] },
      ]),
    ).toBe('r: {a: 1, d: 4}\n');
    expect(edited(text, [{ kind: 'remove', path: ['r', 'd'] }])).toBe('r: {a: 1, b: 2, c: 3}\n');
    expect(edited('r: { a: 1 }\n', [{ kind: 'remove', path: ['r', 'a'] }])).toBe('r: {}\n');
  });

  it('block: a new key on its own line at the keys’ column, its comment lines kept', () => {
    const text = 'records:\n  - name: www   # the site\n    type: A\n    # the address\n    content: 192.0.2.1\n';
    expect(edited(text, [{ kind: 'update', path: ['records', 0], fields: { ttl: 60 }, order: ['name', 'type', 'content', 'ttl'] }])).toBe(
      'records:\n  - name: www   # the site\n    type: A\n    # the address\n    content: 192.0.2.1\n    ttl: 60\n',
    );
  });

  it('block: removing a key takes its line and the comment lines above it; the first key on the dash line gives its place', () => {
    const text = 'records:\n  - name: www\n    # the type\n    type: A\n    content: 192.0.2.1\n';
    expect(edited(text, [{ kind: 'remove', path: ['records', 0, 'type'] }])).toBe('records:\n  - name: www\n    content: 192.0.2.1\n');
    expect(
      edited(text, [
        { kind: 'remove', path: ['records', 0, 'type'] },
        { kind: 'remove', path: ['records', 0, 'name'] },
      ]),
    ).toBe('records:\n  - content: 192.0.2.1\n');
    // The next key's comment lines cannot follow it onto the `-` line: refused, not lost.
    expect(refused(text, [{ kind: 'remove', path: ['records', 0, 'name'] }])).toMatchObject({ reason: 'unsupported-layout', line: 4 });
  });

  it('a new top-level key: after the key its order names, as a block', () => {
    const text = 'version: 1\nzone: example.com\nrecords: []\n';
    expect(
      edited(text, [
        { kind: 'set', path: ['settings', 'flatten_all_cnames'], value: true, order: ['version', 'zone', 'settings', 'records'] },
      ]),
    ).toBe('version: 1\nzone: example.com\nsettings:\n  flatten_all_cnames: true\nrecords: []\n');
  });

  it('a key written empty (`settings:`) gets its first value below it', () => {
    expect(edited('settings:\nrecords: []\n', [{ kind: 'set', path: ['settings', 'multi_provider'], value: false }])).toBe(
      'settings:\n  multi_provider: false\nrecords: []\n',
    );
  });
});

describe('sequences: items removed with their own comments, inserted like their neighbours', () => {
  const text = `records:
  # --- web ---
  - { name: a, type: A }
  - { name: b, type: A }

  # --- mail ---
  # only MX
  - { name: m, type: MX }

  - { name: z, type: TXT }   # last
other: 1
`;
  it('an item of a group: its line goes, the group’s header stays', () => {
    expect(edited(text, [{ kind: 'remove', path: ['records', 0] }])).toBe(text.replace('  - { name: a, type: A }\n', ''));
  });

  it('the only item of its group: its comment lines go, and the blank line it would leave doubled', () => {
    expect(edited(text, [{ kind: 'remove', path: ['records', 2] }])).toBe(
      text.replace('  # --- mail ---\n  # only MX\n  - { name: m, type: MX }\n\n', ''),
    );
  });

  it('the comment lines of the next item stay with it', () => {
    expect(edited(text, [{ kind: 'remove', path: ['records', 1] }])).toBe(text.replace('  - { name: b, type: A }\n', ''));
    const own = 'r:\n  - a   # a\n  # about b\n  - b\n  # about c\n  - c\n';
    expect(edited(own, [{ kind: 'remove', path: ['r', 0] }])).toBe('r:\n  # about b\n  - b\n  # about c\n  - c\n');
    expect(edited(own, [{ kind: 'remove', path: ['r', 1] }])).toBe('r:\n  - a   # a\n  # about c\n  - c\n');
  });

  it('every item: `key: []`', () => {
    const all = [0, 1, 2, 3].map((i): YamlEdit => ({ kind: 'remove', path: ['records', i] }));
    expect(edited(text, all)).toBe('records: []\nother: 1\n');
  });

  it('an insert after an item, with a blank line and comment lines, in the neighbour’s style', () => {
    const out = edited(text, [
      {
        kind: 'insert',
        path: ['records'],
        index: 2,
        value: { name: 'c', type: 'CNAME' },
        like: ['records', 1],
        blankLineBefore: true,
        comments: ['owner: ops'],
      },
    ]);
    expect(out).toBe(
      text.replace('  - { name: b, type: A }\n', '  - { name: b, type: A }\n\n  # owner: ops\n  - { name: c, type: CNAME }\n'),
    );
  });

  it('an insert at the end follows the last item (its trailing comment stays on its line)', () => {
    const out = edited(text, [{ kind: 'insert', path: ['records'], index: 4, value: { name: 'y', type: 'TXT' }, like: ['records', 3] }]);
    expect(out).toBe(
      text.replace('  - { name: z, type: TXT }   # last\n', '  - { name: z, type: TXT }   # last\n  - { name: y, type: TXT }\n'),
    );
  });

  it('block items keep their `-   key` indentation', () => {
    const block = 'records:\n    -   name: a\n        type: A\n';
    expect(edited(block, [{ kind: 'insert', path: ['records'], index: 1, value: { name: 'b', type: 'A' }, like: ['records', 0] }])).toBe(
      'records:\n    -   name: a\n        type: A\n    -   name: b\n        type: A\n',
    );
  });

  it('into `records: []` and into `records:` written empty (below its comment lines)', () => {
    const item: YamlEdit = { kind: 'insert', path: ['records'], index: 0, value: { name: 'a', type: 'A' } };
    expect(edited('records: []\n', [item])).toBe('records:\n  - { name: a, type: A }\n');
    expect(edited('records:\n  # no records yet\ntokens: []\n', [item])).toBe(
      'records:\n  # no records yet\n  - { name: a, type: A }\ntokens: []\n',
    );
  });

  it('a flow sequence: items removed with one comma, inserted with one', () => {
    expect(edited('t: [a, b, c]\n', [{ kind: 'remove', path: ['t', 1] }])).toBe('t: [a, c]\n');
    expect(edited('t: [a, b, c]\n', [{ kind: 'remove', path: ['t', 2] }])).toBe('t: [a, b]\n');
    expect(edited('t: [a, b]\n', [{ kind: 'insert', path: ['t'], index: 2, value: 'c' }])).toBe('t: [a, b, c]\n');
    expect(edited('t: [a, b]\n', [{ kind: 'set', path: ['t'], value: ['a', 'c'] }])).toBe('t: [a, c]\n');
  });

  it('edits address the items as given: remove 0 and change 3 together', () => {
    const out = edited(text, [
      { kind: 'remove', path: ['records', 0] },
      { kind: 'set', path: ['records', 3, 'type'], value: 'SPF' },
    ]);
    expect(out).toContain('  - { name: z, type: SPF }   # last\n');
    expect(out).not.toContain('name: a,');
  });
});

describe('anchors, aliases and merge keys', () => {
  const text = `records:
  - &web
    name: "@"
    type: A
    content: 192.0.2.80
    tags: &tags ["team:web"]
  - <<: *web
    name: www
  - { name: cdn, type: CNAME, content: x.example.net, tags: *tags }
`;
  it('a field a record takes from a merge key: written on the record as an override; the anchor stays', () => {
    expect(edited(text, [{ kind: 'set', path: ['records', 1, 'content'], value: '192.0.2.81' }])).toBe(
      text.replace('    name: www\n', '    name: www\n    content: 192.0.2.81\n'),
    );
  });

  it('a field of the anchored record that others merge: refused, naming the anchor and the alias', () => {
    const r = refused(text, [{ kind: 'set', path: ['records', 0, 'content'], value: '192.0.2.99' }]);
    expect(r.reason).toBe('anchor-shared');
    expect(r.line).toBe(2);
    expect(r.message).toMatch(/&web, which an alias uses \(line 7\)/);
  });

  it('removing the record that defines an anchor used elsewhere: refused with the reason', () => {
    const r = refused(text, [{ kind: 'remove', path: ['records', 0] }]);
    expect(r.reason).toBe('anchor-used');
    expect(r.message).toMatch(/records\[0\] defines the anchor &web/);
  });

  it('removing a merged field: refused (the shared mapping would change); an own field the merge also gives: refused', () => {
    expect(refused(text, [{ kind: 'update', path: ['records', 1], fields: { type: undefined } }]).reason).toBe('merged-key');
    const own = 'b: &b { x: 1 }\nc:\n  <<: *b\n  x: 2\n';
    expect(refused(own, [{ kind: 'remove', path: ['c', 'x'] }]).reason).toBe('merged-key');
  });

  it('a whole record set anew keeps its merge key; a merged field it lacks is refused', () => {
    expect(
      edited(text, [{ kind: 'set', path: ['records', 1], value: { name: 'www', type: 'A', content: '192.0.2.80', tags: ['team:web'] } }]),
    ).toBe(text);
    expect(refused(text, [{ kind: 'set', path: ['records', 1], value: { name: 'www', type: 'A', tags: ['team:web'] } }]).reason).toBe(
      'merged-key',
    );
  });

  it('a value written as an alias is replaced by the new value; the anchor and its other users stay', () => {
    expect(edited(text, [{ kind: 'set', path: ['records', 2, 'tags'], value: ['team:cdn'] }])).toBe(
      text.replace('tags: *tags }', 'tags: ["team:cdn"] }'),
    );
  });

  it('through an alias: refused', () => {
    expect(refused('a: &a { x: 1 }\nb: *a\nc: 1\n', [{ kind: 'set', path: ['b', 'x'], value: 2 }]).reason).toBe('through-alias');
  });

  it('removing a record that only uses an alias is fine', () => {
    expect(edited(text, [{ kind: 'remove', path: ['records', 2] }])).toBe(text.replace(/ {2}- \{ name: cdn.*\n/, ''));
  });
});

describe('refusals of what cannot be made losslessly', () => {
  it('a ${VAR} reference is never replaced by a value; a literal $${ is', () => {
    const text = 'a: ${ZONECTL_IP}\nb: "$${literal}"\n';
    expect(refused(text, [{ kind: 'set', path: ['a'], value: '192.0.2.1' }])).toMatchObject({ reason: 'variable-reference', line: 1 });
    expect(edited(text, [{ kind: 'set', path: ['b'], value: 'plain' }])).toBe('a: ${ZONECTL_IP}\nb: "plain"\n');
  });

  it('text that is not YAML, or several documents', () => {
    expect(refused('a: [\n', [{ kind: 'set', path: ['a'], value: 1 }]).reason).toBe('unreadable');
    expect(refused('a: 1\n---\nb: 2\n', [{ kind: 'set', path: ['a'], value: 2 }]).reason).toBe('unreadable');
  });

  it('no such node', () => {
    expect(refused('a: [1]\n', [{ kind: 'remove', path: ['a', 5] }]).reason).toBe('no-such-node');
    expect(refused('a: 1\n', [{ kind: 'set', path: ['a', 'b'], value: 1 }]).reason).toBe('no-such-node');
  });

  it('two edits of the same text', () => {
    const r = refused('r:\n  - { a: 1 }\n', [
      { kind: 'remove', path: ['r', 0] },
      { kind: 'set', path: ['r', 0, 'a'], value: 2 },
    ]);
    expect(r.reason).toBe('overlapping-edits');
  });

  it('a written text that would not read as intended is never returned (a tag that changes the value)', () => {
    const r = refused('port: !!str 53\n', [{ kind: 'set', path: ['port'], value: 54 }]);
    expect(r.reason).toBe('verify-failed');
    expect(r.message).toMatch(/would read port as "54", not 54/);
  });
});

describe('comments stay where they are', () => {
  const block = `# head of the file
settings:   # the zone's settings
  # flattening
  flatten_all_cnames: false   # keep CNAMEs
  # providers
  multi_provider: false
# between sections
records: []   # none yet
# end of the file
`;
  it('a changed value keeps its line’s comment and the comment lines around it', () => {
    expect(edited(block, [{ kind: 'set', path: ['settings', 'flatten_all_cnames'], value: true }])).toBe(
      block.replace('flatten_all_cnames: false', 'flatten_all_cnames: true'),
    );
    expect(edited(block, [{ kind: 'set', path: ['settings', 'multi_provider'], value: true }])).toBe(
      block.replace('multi_provider: false', 'multi_provider: true'),
    );
  });

  it('a new key goes after the comment lines more indented under the key before it, not between a comment and its key', () => {
    const text = 'm:\n  a: 1\n    # about a, continued\n  # about c\n  c: 3\n';
    expect(edited(text, [{ kind: 'update', path: ['m'], fields: { b: 2 }, order: ['a', 'b', 'c'] }])).toBe(
      'm:\n  a: 1\n    # about a, continued\n  b: 2\n  # about c\n  c: 3\n',
    );
  });

  it('a removed key takes its own comment lines, not those of the key after it', () => {
    expect(edited(block, [{ kind: 'remove', path: ['settings', 'multi_provider'] }])).toBe(
      block.replace('  # providers\n  multi_provider: false\n', ''),
    );
    expect(edited(block, [{ kind: 'remove', path: ['settings', 'flatten_all_cnames'] }])).toBe(
      block.replace('  # flattening\n  flatten_all_cnames: false   # keep CNAMEs\n', ''),
    );
  });

  it('a key added where a comment line ends the mapping goes before it only when that line is more indented', () => {
    const text = 'settings:\n  multi_provider: false\n# a comment of the file, not of settings\nrecords: []\n';
    expect(edited(text, [{ kind: 'set', path: ['settings', 'ns_ttl'], value: 3600 }])).toBe(
      'settings:\n  multi_provider: false\n  ns_ttl: 3600\n# a comment of the file, not of settings\nrecords: []\n',
    );
  });

  it('comments given with an edit are written at the column of the keys', () => {
    expect(edited('m:\n  a: 1\n', [{ kind: 'set', path: ['m', 'b'], value: 2, comments: ['why b'] }])).toBe(
      'm:\n  a: 1\n  # why b\n  b: 2\n',
    );
  });
});

describe('blank lines', () => {
  const text = 'r:\n  - a\n\n  - b\n\n  - c\nnext: 1\n';
  it('a removed item between two groups: one blank line stays between them', () => {
    expect(edited(text, [{ kind: 'remove', path: ['r', 1] }])).toBe('r:\n  - a\n\n  - c\nnext: 1\n');
  });

  it('the first and the last item: no blank line left above the first, none doubled at the end', () => {
    expect(edited(text, [{ kind: 'remove', path: ['r', 0] }])).toBe('r:\n  - b\n\n  - c\nnext: 1\n');
    expect(edited(text, [{ kind: 'remove', path: ['r', 2] }])).toBe('r:\n  - a\n\n  - b\nnext: 1\n');
  });

  it('a new item with a blank line before it, or none', () => {
    expect(edited(text, [{ kind: 'insert', path: ['r'], index: 3, value: 'd', blankLineBefore: true }])).toBe(
      'r:\n  - a\n\n  - b\n\n  - c\n\n  - d\nnext: 1\n',
    );
    expect(edited(text, [{ kind: 'insert', path: ['r'], index: 1, value: 'a2' }])).toBe('r:\n  - a\n  - a2\n\n  - b\n\n  - c\nnext: 1\n');
  });

  it('blank lines inside the document elsewhere are never touched', () => {
    const spaced = 'a: 1\n\n\nb: 2\n\nc: 3\n';
    expect(edited(spaced, [{ kind: 'set', path: ['b'], value: 5 }])).toBe('a: 1\n\n\nb: 5\n\nc: 3\n');
  });
});

describe('indentation, markers and encodings are the file’s', () => {
  it('a file indented by four writes new keys and items at four', () => {
    const text = 'settings:\n    multi_provider: false\nrecords:\n    -   name: a\n        type: A\n';
    expect(
      edited(text, [
        { kind: 'set', path: ['settings', 'soa'], value: { refresh: 7200, retry: 900 }, style: { children: { soa: { flow: false } } } },
        { kind: 'insert', path: ['records'], index: 1, value: { name: 'b', type: 'A' }, like: ['records', 0] },
      ]),
    ).toBe(
      'settings:\n    multi_provider: false\n    soa:\n        refresh: 7200\n        retry: 900\nrecords:\n    -   name: a\n        type: A\n    -   name: b\n        type: A\n',
    );
  });

  it('document markers and a byte order mark stay', () => {
    expect(edited('---\na: 1\nb: [x]\n...\n', [{ kind: 'insert', path: ['b'], index: 1, value: 'y' }])).toBe('---\na: 1\nb: [x, y]\n...\n');
    expect(edited('\uFEFFa: 1\nb: 2\n', [{ kind: 'set', path: ['b'], value: 3 }])).toBe('\uFEFFa: 1\nb: 3\n');
  });

  it('a file without a final line break gets none', () => {
    expect(edited('r:\n  - a', [{ kind: 'insert', path: ['r'], index: 1, value: 'b' }])).toBe('r:\n  - a\n  - b');
  });

  it('a flow mapping written over two lines keeps its line break', () => {
    const text = 'r:\n  - { name: a, type: A,\n      content: 192.0.2.1 }   # x\n';
    expect(
      edited(text, [
        { kind: 'update', path: ['r', 0], fields: { content: '192.0.2.9', ttl: 60 }, order: ['name', 'type', 'content', 'ttl'] },
      ]),
    ).toBe('r:\n  - { name: a, type: A,\n      content: 192.0.2.9, ttl: 60 }   # x\n');
  });
});

describe('quoted and block values', () => {
  it.each([
    ['plain', '# not a comment', '"# not a comment"'],
    ['plain', ' lead', '" lead"'],
    ['plain', '- dash', '"- dash"'],
    ['plain', 'null', '"null"'],
    ['plain', '0x1F', '"0x1F"'],
    ['single', 'a "b" c', `'a "b" c'`],
    ['double', "it's", '"it\'s"'],
    ['double', 'é ü 😀', '"é ü 😀"'],
  ] as const)('%s ← %j is written %s (it reads back as that string)', (key, value, written) => {
    const text = 'plain: x\nsingle: \'x\'\ndouble: "x"\n';
    const out = edited(text, [{ kind: 'set', path: [key], value }]);
    expect(out.split('\n')).toContain(`${key}: ${written}`);
  });

  it('a literal block of several lines stays a literal block at its column', () => {
    const text = 'txt: |\n  one\n  two\nnext: 1\n';
    expect(edited(text, [{ kind: 'set', path: ['txt'], value: 'three\nfour\n' }])).toBe('txt: |\n  three\n  four\nnext: 1\n');
  });

  it('a value a block cannot hold (leading spaces) is written quoted instead', () => {
    const out = edited('txt: |\n  one\nnext: 1\n', [{ kind: 'set', path: ['txt'], value: '  indented' }]);
    expect(out).toBe('txt: "  indented"\nnext: 1\n');
  });
});

describe('several edits that make one new mapping', () => {
  it('are written as one key with all their members, in the order given', () => {
    const text = 'version: 1\nsettings:\n  multi_provider: false\nrecords: []\n';
    const order = ['version', 'settings', 'multi_provider', 'soa', 'refresh', 'retry', 'records'];
    expect(
      edited(text, [
        { kind: 'set', path: ['settings', 'soa', 'retry'], value: 900, order },
        { kind: 'set', path: ['settings', 'soa', 'refresh'], value: 7200, order },
      ]),
    ).toBe('version: 1\nsettings:\n  multi_provider: false\n  soa: { refresh: 7200, retry: 900 }\nrecords: []\n');
    expect(
      edited('version: 1\nrecords: []\n', [
        { kind: 'set', path: ['settings', 'soa', 'refresh'], value: 7200, order },
        { kind: 'set', path: ['settings', 'multi_provider'], value: true, order },
      ]),
    ).toBe('version: 1\nsettings:\n  multi_provider: true\n  soa: { refresh: 7200 }\nrecords: []\n');
  });

  it('items inserted into a sequence that does not exist yet, or into a key written empty, make one sequence', () => {
    const two = (path: string[]): YamlEdit[] => [
      { kind: 'insert', path, index: 0, value: 'x' },
      { kind: 'insert', path, index: 0, value: 'y' },
    ];
    expect(edited('a: 1\n', two(['r']))).toBe('a: 1\nr:\n  - x\n  - y\n');
    expect(edited('r:\nb: 2\n', two(['r']))).toBe('r:\n  - x\n  - y\nb: 2\n');
  });
});

describe('merge keys with several sources', () => {
  const text = 'a: &a { x: 1 }\nb: &b { y: 2 }\nc:\n  <<: [*a, *b]\n  z: 3\n';
  it('a key from either source is overridden on the mapping; the anchors stay', () => {
    expect(edited(text, [{ kind: 'set', path: ['c', 'y'], value: 5 }])).toBe(`${text}  y: 5\n`);
    expect(edited(text, [{ kind: 'set', path: ['c', 'x'], value: 1 }])).toBe(text);
  });

  it('an edit of a source mapping itself: refused (c merges it)', () => {
    const r = refused(text, [{ kind: 'set', path: ['b', 'y'], value: 5 }]);
    expect(r).toMatchObject({ reason: 'anchor-shared', line: 2 });
  });
});

describe('comment lines shared by the item after (an owner above a name’s records)', () => {
  const text = 'r:\n  - { name: z, v: 0 }\n  # owner: a team\n  - { name: a, v: 1 }\n  - { name: a, v: 2 }\n  - { name: b, v: 3 }\n';
  it('stay above the next item when the edit says so and that item has none of its own', () => {
    expect(edited(text, [{ kind: 'remove', path: ['r', 1], commentsShared: true }])).toBe(
      'r:\n  - { name: z, v: 0 }\n  # owner: a team\n  - { name: a, v: 2 }\n  - { name: b, v: 3 }\n',
    );
  });

  it('go with the item otherwise, and with the run when every item of it goes', () => {
    expect(edited(text, [{ kind: 'remove', path: ['r', 1] }])).toBe(
      'r:\n  - { name: z, v: 0 }\n  - { name: a, v: 2 }\n  - { name: b, v: 3 }\n',
    );
    expect(
      edited(text, [
        { kind: 'remove', path: ['r', 1], commentsShared: true },
        { kind: 'remove', path: ['r', 2] },
      ]),
    ).toBe('r:\n  - { name: z, v: 0 }\n  - { name: b, v: 3 }\n');
  });
});
