/** octoDNS's side of the hand-over (issue 40 item 4): the edit of its `zones:`, made by the editor, data in, data out. */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readOctodnsConfig } from '../../../src/core/migrate/octodns/octodns-config.js';
import { octodnsHandover, URLFWD_ONLY } from '../../../src/core/migrate/octodns/octodns-handover.js';
import { parseYamlTree, type Spots } from '../../../src/core/migrate/octodns/yaml-tree.js';

const FILE = 'config/production.yaml';

function configOf(text: string) {
  const spots: Spots = new WeakMap();
  const config = readOctodnsConfig(parseYamlTree(text, FILE, spots).root, spots, FILE);
  expect(config.problems).toEqual([]);
  return config;
}

const TEXT = [
  '# the team comment at the top',
  'providers:',
  '  config: { class: octodns.provider.yaml.YamlProvider, directory: ./zones }',
  '  cf: { class: octodns_cloudflare.CloudflareProvider, token: env/CF_TOKEN }',
  '  r53: { class: octodns_route53.Route53Provider }',
  'zones:',
  '  # only Cloudflare',
  '  a.example.:',
  '    sources: [config]',
  '    targets: [cf]',
  '  # both providers',
  '  b.example.:',
  '    sources: [config]',
  '    targets:',
  '      - r53',
  '      - cf',
  '  # keeps its URL forwards',
  '  c.example.:',
  '    sources: [config]',
  '    targets: [cf]',
  '  # not imported',
  '  d.example.:',
  '    sources: [config]',
  '    targets: [r53]',
  '',
].join('\n');

describe('octodnsHandover', () => {
  const config = configOf(TEXT);
  const cf = config.zones.find((z) => z.zone === 'a.example')!.cloudflare!;

  it('deletes the entry of a Cloudflare-only zone, drops only the Cloudflare target of a shared one, filters a zone that keeps URL forwards to URLFWD', () => {
    const h = octodnsHandover(
      config,
      [
        { zone: 'a.example', keepsUrlfwd: false, target: cf },
        { zone: 'b.example', keepsUrlfwd: false, target: cf },
        { zone: 'c.example', keepsUrlfwd: true, target: cf },
      ],
      FILE,
      new Map([[FILE, TEXT]]),
    );
    expect(h.byHand).toEqual([]);
    expect(h.edits).toHaveLength(1);
    const after = h.edits[0]!.after;
    const parsed = parse(after) as {
      zones: Record<string, { targets: string[]; processors?: string[] }>;
      processors: Record<string, unknown>;
    };
    expect(Object.keys(parsed.zones)).toEqual(['b.example.', 'c.example.', 'd.example.']);
    expect(parsed.zones['b.example.']!.targets).toEqual(['r53']);
    expect(parsed.zones['c.example.']).toEqual({ sources: ['config'], targets: ['cf'], processors: [URLFWD_ONLY] });
    expect(parsed.processors[URLFWD_ONLY]).toEqual({ class: 'octodns.processor.filter.TypeAllowlistFilter', allowlist: ['URLFWD'] });
    // The team's lines outside the edit stay as written: the top comment, the providers, the untouched entry.
    for (const line of [
      '# the team comment at the top',
      '  r53: { class: octodns_route53.Route53Provider }',
      '  # not imported',
      '    targets: [r53]',
    ])
      expect(after.split('\n')).toContain(line);
    expect(after).not.toContain('a.example.');
    expect(after).not.toContain('# only Cloudflare');
  });

  it('says in words what it cannot edit: a zone of the "*" entry, URL forwards kept where other targets would be filtered too', () => {
    const wild = [
      'providers:',
      '  config: { class: octodns.provider.yaml.YamlProvider, directory: ./zones }',
      '  cf: { class: octodns_cloudflare.CloudflareProvider, token: env/CF_TOKEN }',
      '  r53: { class: octodns_route53.Route53Provider }',
      'zones:',
      '  b.example.: { sources: [config], targets: [cf, r53] }',
      "  '*': { sources: [config], targets: [cf] }",
      '',
    ].join('\n');
    const spots: Spots = new WeakMap();
    const c = readOctodnsConfig(parseYamlTree(wild, FILE, spots).root, spots, FILE, ['w.example', 'b.example']);
    const target = c.zones.find((z) => z.zone === 'b.example')!.cloudflare!;
    const h = octodnsHandover(
      c,
      [
        { zone: 'w.example', keepsUrlfwd: false, target },
        { zone: 'b.example', keepsUrlfwd: true, target },
      ],
      FILE,
      new Map([[FILE, wild]]),
    );
    expect(h.edits).toEqual([]);
    expect(h.byHand).toHaveLength(2);
    expect(h.byHand[1]).toMatch(/^b\.example keeps URL forwards .* other targets \(r53\): .*\(config\/production\.yaml:6\)$/);
    expect(h.byHand[0]).toMatch(/^w\.example is written by the '\*' entry of zones/);
  });

  it('an entry in another file than the one read is named, not edited', () => {
    const h = octodnsHandover(config, [{ zone: 'a.example', keepsUrlfwd: false, target: cf }], 'other.yaml', new Map([[FILE, TEXT]]));
    expect(h.edits).toEqual([]);
    expect(h.byHand).toEqual([`a.example: its zones: entry is in ${FILE}: delete it there`]);
  });
});
