/** octoDNS's formats, data in, data out: its TXT chunking, !include and merges, the config, the record format. */
import { describe, expect, it } from 'vitest';
import { readOctodnsConfig } from '../../../src/core/migrate/octodns/octodns-config.js';
import { buildOctodnsImport } from '../../../src/core/migrate/octodns/octodns-import.js';
import { octodnsTxtContent } from '../../../src/core/migrate/octodns/octodns-values.js';
import { convertOctodnsZone } from '../../../src/core/migrate/octodns/octodns-zone.js';
import { type IncludeRef, parseYamlTree, spliceIncludes, type Spots } from '../../../src/core/migrate/octodns/yaml-tree.js';

describe('octodnsTxtContent', () => {
  it("cuts as octoDNS's _legacy_chunked_value does (its own table, octodns tests/test_octodns_record_chunked.py, chunk size 8), then unescapes \\;", () => {
    const table: Array<[string, string]> = [
      ['0123', '"0123"'],
      ['01234567', '"01234567"'],
      ['0123456789', '"01234567" "89"'],
      ['012345678', '"01234567" "8"'],
      ['01234\\;56789', '"01234;5" "6789"'],
      ['012345\\;6789', '"012345;" "6789"'],
      ['01234567\\;89', '"01234567" ";89"'],
      ['0123456\\;789', '"0123456" ";789"'],
      ['012345\\;', '"012345;"'],
      ['0123456\\;', '"0123456" ";"'],
    ];
    for (const [value, expected] of table) expect(octodnsTxtContent(value, 8), value).toBe(expected);
  });

  it('escapes double quotes and keeps a short value one quoted string', () => {
    expect(octodnsTxtContent('say "hi"')).toBe('"say \\"hi\\""');
    expect(octodnsTxtContent('v=spf1 -all')).toBe('"v=spf1 -all"');
  });
});

describe('parseYamlTree and spliceIncludes', () => {
  it('lists !include, merges <<: with later keys winning, and keeps lines', () => {
    const spots: Spots = new WeakMap();
    const main = parseYamlTree('a:\n  <<: !include base.yaml\n  timeout: 60\nb: !include list.yaml\n', 'main.yaml', spots);
    expect(main.problems).toEqual([]);
    expect(main.includes.map((i) => [i.path, i.at.line])).toEqual([
      ['base.yaml', 2],
      ['list.yaml', 4],
    ]);
    const base = parseYamlTree('timeout: 30\nretries: 3\n', 'base.yaml', spots);
    const list = parseYamlTree('- x\n- y\n', 'list.yaml', spots);
    const included = new Map<IncludeRef, unknown>([
      [main.includes[0]!, base.root],
      [main.includes[1]!, list.root],
    ]);
    const problems: never[] = [];
    const root = spliceIncludes(main.root, included, spots, problems) as Record<string, unknown>;
    expect(JSON.parse(JSON.stringify(root))).toEqual({ a: { timeout: 60, retries: 3 }, b: ['x', 'y'] });
  });

  it('keeps the line of every key and list item, a value per alias use, and the later of a repeated key', () => {
    const spots: Spots = new WeakMap();
    const text = ['base: &b', '  ttl: 60', 'www:', '  - type: A', '    value: 192.0.2.1', '  - *b', 'ttl: 1', 'ttl: 2', ''].join('\n');
    const tree = parseYamlTree(text, 'z.yaml', spots);
    expect(tree.problems).toEqual([]);
    const root = tree.root as Record<string, unknown>;
    expect(root.ttl).toBe(2);
    expect(spots.get(root)?.keys).toEqual(
      new Map([
        ['base', 1],
        ['www', 3],
        ['ttl', 8],
      ]),
    );
    const www = root.www as unknown[];
    expect(spots.get(www)?.items).toEqual([4, 6]);
    expect(spots.get(www[0] as object)?.keys.get('value')).toBe(5);
    // The alias is a value of its own (the tree is spliced and merged in place).
    expect(www[1]).toEqual({ ttl: 60 });
    expect(www[1]).not.toBe(root.base);
  });

  it('a YAML error is a problem at its line', () => {
    const tree = parseYamlTree('a: 1\nb: [unclosed\n', 'bad.yaml', new WeakMap());
    expect(tree.problems[0]?.at.file).toBe('bad.yaml');
    expect(tree.problems[0]?.message).toMatch(/^not valid YAML/);
  });
});

describe('readOctodnsConfig and convertOctodnsZone', () => {
  const spots: Spots = new WeakMap();
  const configText = [
    'providers:',
    '  config: { class: octodns.provider.yaml.YamlProvider, directory: ./zones }',
    '  cf: { class: octodns_cloudflare.CloudflareProvider, token: env/CF_TOKEN, min_ttl: 300, cdn: false }',
    'zones:',
    '  example.com.: { sources: [config], targets: [cf] }',
  ].join('\n');
  const config = readOctodnsConfig(parseYamlTree(configText, 'c.yaml', spots).root, spots, 'c.yaml');

  it('reads providers and zones', () => {
    expect(config.problems).toEqual([]);
    expect(config.zones.map((z) => [z.zone, z.cloudflare?.id, z.cloudflare?.minTtl, z.cloudflare?.tokenEnv])).toEqual([
      ['example.com', 'cf', 300, 'CF_TOKEN'],
    ]);
  });

  it('applies default_ttl and min_ttl, proxied and auto-ttl as the Cloudflare provider writes them', () => {
    const zoneText = [
      "'':",
      '  - type: A',
      '    value: 192.0.2.1',
      '  - type: NS',
      '    values: [ns1.other-provider.net., ns2.other-provider.net.]',
      'p:',
      '  type: CNAME',
      '  value: example.net.',
      '  octodns: { cloudflare: { proxied: true } }',
      't:',
      '  type: TXT',
      '  ttl: 60',
      '  value: a\\;b',
      'mx:',
      '  type: MX',
      '  values: [{ exchange: mx.example.net., preference: 5 }]',
    ].join('\n');
    const source = config.zones[0]!.sources[0]!;
    const r = convertOctodnsZone(
      'example.com',
      [{ file: 'z.yaml', root: parseYamlTree(zoneText, 'z.yaml', spots).root, source }],
      config.zones[0]!.cloudflare,
      spots,
    );
    expect(r.problems).toEqual([]);
    expect(r.records.map((x) => [x.name, x.type, x.content, x.ttl, x.proxied])).toEqual([
      ['example.com', 'A', '192.0.2.1', 3600, false],
      ['p.example.com', 'CNAME', 'example.net', 1, true],
      ['t.example.com', 'TXT', '"a;b"', 300, false],
      ['mx.example.com', 'MX', 'mx.example.net', 3600, false],
    ]);
    expect(r.items.map((i) => i.subject)).toEqual(['@ NS', 't TXT ttl 60']);
  });
});

describe('names that end in the zone name', () => {
  it("reads octoDNS's names as relative: `example.com` in zone example.com is example.com.example.com, never the apex", () => {
    const spots: Spots = new WeakMap();
    const configText = [
      'providers:',
      '  config: { class: octodns.provider.yaml.YamlProvider, directory: ./zones }',
      '  cf: { class: octodns_cloudflare.CloudflareProvider, token: env/CF_TOKEN }',
      'zones:',
      '  example.com.: { sources: [config], targets: [cf] }',
    ].join('\n');
    const config = readOctodnsConfig(parseYamlTree(configText, 'c.yaml', spots).root, spots, 'c.yaml');
    const zoneText = [
      "'':",
      '  type: CNAME',
      '  value: target.example.net.',
      'example.com:',
      '  type: A',
      '  value: 192.0.2.7',
      'ignored.example.com:',
      '  type: TXT',
      '  value: kept',
      '  octodns: { ignored: true }',
    ].join('\n');
    const source = config.zones[0]!.sources[0]!;
    const r = convertOctodnsZone(
      'example.com',
      [{ file: 'z.yaml', root: parseYamlTree(zoneText, 'z.yaml', spots).root, source }],
      config.zones[0]!.cloudflare,
      spots,
    );
    expect(r.problems).toEqual([]);
    expect(r.records.map((x) => [x.name, x.type])).toEqual([
      ['example.com', 'CNAME'],
      ['example.com.example.com', 'A'],
    ]);
    expect(r.ignore).toEqual([{ name: 'ignored.example.com.example.com.', type: 'TXT' }]);
  });
});

describe('manager.include_meta', () => {
  const spots: Spots = new WeakMap();
  const configOf = (includeMeta: boolean) =>
    readOctodnsConfig(
      parseYamlTree(
        [
          ...(includeMeta ? ['manager:', '  include_meta: true'] : []),
          'providers:',
          '  config: { class: octodns.provider.yaml.YamlProvider, directory: ./zones }',
          '  cf: { class: octodns_cloudflare.CloudflareProvider, token: env/CF_TOKEN }',
          'zones:',
          '  example.com.: { sources: [config], targets: [cf] }',
        ].join('\n'),
        'c.yaml',
        spots,
      ).root,
      spots,
      'c.yaml',
    );
  const build = (includeMeta: boolean, zoneText: string) => {
    const config = configOf(includeMeta);
    const file = { file: 'z.yaml', root: parseYamlTree(zoneText, 'z.yaml', spots).root, source: config.zones[0]!.sources[0]! };
    return buildOctodnsImport(config, new Map([['example.com', [file]]]), spots, { allZones: false });
  };

  it("keeps octoDNS's meta record (TXT octodns-meta) as manage.ignore, said in the zone's report at the option's line", () => {
    const r = build(true, "'':\n  type: A\n  value: 192.0.2.1\n");
    expect(r.zones[0]!.ignore).toEqual([{ name: 'octodns-meta', type: 'TXT' }]);
    expect(r.report.zones[0]!.items).toContainEqual(
      expect.objectContaining({ kind: 'meaning_changes', subject: 'manager.include_meta', at: { file: 'c.yaml', line: 2 } }),
    );
    // Only the provider's min_ttl, kept as the repository's policy (issue 40 item 3).
    expect(r.report.other.map((i) => i.subject)).toEqual(['min_ttl 120']);
    expect(build(false, "'':\n  type: A\n  value: 192.0.2.1\n").zones[0]!.ignore).toBeUndefined();
  });

  it('a meta record the files list themselves is imported, with no ignore rule over it', () => {
    const r = build(true, 'octodns-meta:\n  type: TXT\n  value: provider=cf\n');
    expect(r.zones[0]!.records.map((x) => x.name)).toEqual(['octodns-meta.example.com']);
    expect(r.zones[0]!.ignore).toBeUndefined();
    expect(r.report.zones[0]!.items).toContainEqual(expect.objectContaining({ kind: 'no_meaning', subject: 'manager.include_meta' }));
  });
});
