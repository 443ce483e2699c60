/**
 * Issue 40 item 1, data in, data out: the comments of the old tools' files, where each goes
 * (source-comments.ts), and each importer's placement: octoDNS (a value's comment above that
 * value's record, an ignored record's above its rule, a URL forward's in the report), Terraform
 * (`#`, `//`, `/* *\/`; a `#` in a string or heredoc is none), DNSControl (dnsconfig.js beside the
 * IR; a `//` in a regular expression is none). What is written is checked in the rendered file.
 */
import { describe, expect, it } from 'vitest';
import { renderExportYaml } from '../../../src/core/export/render-export.js';
import { attributeComments, type SourceComment } from '../../../src/core/migrate/comments/source-comments.js';
import { scanHcl } from '../../../src/core/migrate/comments/hcl-comments.js';
import { scanDnsconfig } from '../../../src/core/migrate/comments/js-comments.js';
import { yamlComments } from '../../../src/core/migrate/comments/yaml-comments.js';
import { readDnscontrolIr } from '../../../src/core/migrate/dnscontrol/dnscontrol-ir.js';
import { migratedZoneExport, type MigratedZone } from '../../../src/core/migrate/migrated-zone.js';
import { readOctodnsConfig } from '../../../src/core/migrate/octodns/octodns-config.js';
import { buildOctodnsImport } from '../../../src/core/migrate/octodns/octodns-import.js';
import { parseYamlTree, type Spots } from '../../../src/core/migrate/octodns/yaml-tree.js';
import { renderReportText } from '../../../src/core/migrate/report.js';
import { buildTerraformImport } from '../../../src/core/migrate/terraform/terraform-import.js';
import type { TfResource } from '../../../src/core/migrate/terraform/terraform-state.js';
import { parseZoneFile } from '../../../src/core/zonefile/index.js';

const written = (z: MigratedZone, tool: string): string => {
  const text = renderExportYaml(migratedZoneExport(z, tool), { origin: 'test' });
  const check = parseZoneFile({ path: 'z.yaml', text }, {});
  expect(check.problems.filter((p) => p.severity === 'error')).toEqual([]);
  return text;
};

describe('attributeComments', () => {
  const c = (line: number, inline = false): SourceComment => ({ file: 'f', line, text: ` c${line}`, inline });
  const lines = ['# header', '', 'a: 1 # inline', '# above b', 'b:', '  - x', '  # deeper: still b', 'c: 3', '# trailing'];
  const anchors = [1, 3, 5, 6, 8].filter((l) => l !== 1).map((line) => ({ file: 'f', line, target: line === 6 ? 5 : line }));
  const to = attributeComments([c(1), c(3, true), c(4), c(7), c(9)], anchors, { lines: new Map([['f', lines]]), indentation: true });

  it('a line end: the element on that line; a block above: the next element; deeper (YAML): the one above; before and after all: the file', () => {
    expect(
      to.map((a) => [a.comment.line, a.to.kind === 'element' ? a.to.target : `${a.to.kind}${'where' in a.to ? `:${a.to.where}` : ''}`]),
    ).toEqual([
      [1, 'file:top'],
      [3, 3],
      [4, 5],
      [7, 5],
      [9, 'file:end'],
    ]);
  });

  it('a block directly above the first element (no blank line) is that element’s', () => {
    const first = attributeComments([c(1)], [{ file: 'f', line: 2, target: 'x' }], { lines: new Map([['f', ['# c', 'x: 1']]]) });
    expect(first[0]!.to).toEqual({ kind: 'element', target: 'x' });
  });
});

describe('octoDNS comments', () => {
  const spots: Spots = new WeakMap();
  const CONFIG = [
    'providers:',
    '  config: { class: octodns.provider.yaml.YamlProvider, directory: ./zones, default_ttl: 600 }',
    '  cf: { class: octodns_cloudflare.CloudflareProvider, token: env/CF_TOKEN, min_ttl: 300 }',
    'zones:',
    '  example.com.: { sources: [config], targets: [cf] }',
  ].join('\n');
  const ZONE = [
    '---',
    '# Zone of the web team: ask in #web first',
    '',
    "'': # the apex",
    '  - type: TXT',
    '    values:',
    '      - v=spf1 -all # mail: none',
    '      - "verify=abc # not a comment" # for the search console',
    '  # the MX, kept by the mail team',
    '  - type: MX',
    '    value: { exchange: mx.example.net., preference: 10 }',
    'www: # person-1@example.invalid',
    '  type: CNAME',
    '  value: example.com.',
    'legacy: # the old box',
    '  octodns: { ignored: true }',
    '  type: A',
    '  value: 192.0.2.9',
    'go: # short links',
    '  type: URLFWD',
    '  value: { path: /, target: https://example.org/, code: 301, masking: 2, query: 0 }',
    '# end of zone',
    '',
  ].join('\n');
  const config = readOctodnsConfig(parseYamlTree(CONFIG, 'c.yaml', spots).root, spots, 'c.yaml');
  const file = {
    file: 'zones/example.com.yaml',
    root: parseYamlTree(ZONE, 'zones/example.com.yaml', spots).root,
    source: config.zones[0]!.sources[0]!,
  };
  const r = buildOctodnsImport(config, new Map([['example.com', [file]]]), spots, {
    allZones: false,
    texts: new Map([
      ['zones/example.com.yaml', ZONE],
      ['c.yaml', CONFIG],
    ]),
  });
  const text = written(r.zones[0]!, 'octoDNS');

  it("finds the file's comments, not a # inside a value", () => {
    expect(yamlComments(ZONE, 'z').comments.map((c) => c.text)).toHaveLength(9);
  });

  it("a value's comment above that value's record; the name's above its first record; the file's at the top; the end's after the records", () => {
    const lines = text.split('\n');
    const above = (needle: string): string[] => {
      const at = lines.findIndex((l) => l.includes(needle));
      const out: string[] = [];
      for (let i = at - 1; i >= 0 && lines[i]!.trimStart().startsWith('#'); i -= 1) out.unshift(lines[i]!.trim());
      return out;
    };
    expect(above('type: MX')).toEqual(['# the apex', '# the MX, kept by the mail team']);
    expect(above('v=spf1 -all')).toEqual(['# mail: none']);
    expect(above('verify=abc # not a comment')).toEqual(['# for the search console']);
    expect(above('name: www')).toEqual(['# person-1@example.invalid']);
    expect(above('{ name: legacy, type: A }')).toEqual(['# the old box']);
    expect(text).toMatch(/^# Zone of the web team: ask in #web first$/m);
    expect(text.indexOf('# end of zone')).toBeGreaterThan(text.indexOf('name: www'));
  });

  it('the report counts them and lists the URL forward’s, not written', () => {
    expect(r.report.zones[0]!.comments).toMatchObject({ read: 9, carried: 8 });
    expect(r.report.zones[0]!.comments!.notPlaced).toEqual([
      { text: ' short links', subject: 'go URLFWD', at: { file: 'zones/example.com.yaml', line: 19 } },
    ]);
    expect(text).not.toContain('short links');
    expect(renderReportText(r.report)).toContain('  comments: 8 of 9 carried into the file beside what they annotate, 1 not placed');
    expect(renderReportText(r.report)).toContain('    - go URLFWD: # short links (zones/example.com.yaml:19)');
  });

  it('defaults: default_ttl raised to min_ttl, never proxied', () => {
    expect(r.zones[0]!.defaults).toEqual({ ttl: 600 });
    expect(text).toMatch(/^defaults: \{ ttl: 600 \}$/m);
    expect(r.policy).toEqual({ minTtl: 300, comment: 'octoDNS provider cf: min_ttl 300 (c.yaml:3)' });
  });
});

describe('Terraform comments', () => {
  const TF = [
    '# The zone of the shop.',
    '',
    'provider "cloudflare" {',
    '  # the token is in the CI',
    '}',
    '',
    '// The apex',
    'resource "cloudflare_record" "apex" {',
    '  zone_id = "023e105f4ecef8ad9ca31a8372d0c353"',
    '  name    = "@"',
    '  content = "192.0.2.1" # the load balancer',
    '  type    = "A"',
    '  ttl     = 300',
    '  comment = "a # in a string"',
    '}',
    '/* SPF:',
    ' * nothing sends mail */',
    'resource "cloudflare_record" "spf" {',
    '  zone_id = "023e105f4ecef8ad9ca31a8372d0c353"',
    '  name    = "@"',
    '  content = <<EOT',
    '# not a comment either',
    'EOT',
    '  type    = "TXT"',
    '  ttl     = 300',
    '}',
    '# left to Terraform',
    'resource "cloudflare_ruleset" "waf" {',
    '}',
  ].join('\n');

  it('finds #, // and /* */ comments, none inside a string or a heredoc, and the blocks', () => {
    const scan = scanHcl(TF, 'dns.tf');
    expect(scan.comments.map((c) => [c.line, c.text.trim(), c.inline])).toEqual([
      [1, 'The zone of the shop.', false],
      [4, 'the token is in the CI', false],
      [7, 'The apex', false],
      [11, 'the load balancer', true],
      [16, 'SPF:', false],
      [17, 'nothing sends mail', false],
      [27, 'left to Terraform', false],
    ]);
    expect(scan.blocks.map((b) => `${b.kind} ${b.labels.join('.')} ${b.startLine}-${b.endLine}`)).toEqual([
      'provider cloudflare 3-5',
      'resource cloudflare_record.apex 8-15',
      'resource cloudflare_record.spf 18-26',
      'resource cloudflare_ruleset.waf 28-29',
    ]);
  });

  it("above each resource's record; the file's at the top; the provider's counted; the one left to Terraform listed", () => {
    const resource = (name: string, values: Record<string, unknown>): TfResource => ({
      address: `cloudflare_record.${name}`,
      resourceAddress: `cloudflare_record.${name}`,
      mode: 'managed',
      type: 'cloudflare_record',
      values: { zone_id: '023e105f4ecef8ad9ca31a8372d0c353', name: '@', ttl: 300, ...values },
      at: { file: 'dns.tf', line: 8 },
    });
    const r = buildTerraformImport(
      [resource('apex', { type: 'A', content: '192.0.2.1' }), resource('spf', { type: 'TXT', content: 'v=spf1 -all' })],
      { zone: 'example.com' },
      [{ file: 'dns.tf', text: TF }],
    );
    const text = written(r.zones[0]!, 'Terraform');
    expect(text).toMatch(/# The apex\n {2}# the load balancer\n {2}- \{ name: "@", type: A,/);
    expect(text).toMatch(/# SPF:\n {2}# nothing sends mail\n {2}- \{ name: "@", type: TXT,/);
    expect(text).toMatch(/^# The zone of the shop\.$/m);
    expect(r.report.zones[0]!.comments).toMatchObject({ read: 5, carried: 5 });
    expect(r.report.comments).toEqual({
      configuration: 1,
      notPlaced: [{ text: ' left to Terraform', subject: 'cloudflare_ruleset.waf', at: { file: 'dns.tf', line: 27 } }],
    });
  });
});

describe('DNSControl comments (dnsconfig.js beside the IR)', () => {
  const JS = [
    '// Providers',
    'var REG_NONE = NewRegistrar("none");',
    'var DSP_CF = NewDnsProvider("cloudflare"); // the CF account',
    '',
    '/* The shop */',
    'D("example.com", REG_NONE, DnsProvider(DSP_CF), // our main domain',
    '  DefaultTTL(600),',
    '  A("@", "192.0.2.1"), // the web server',
    '  // mail',
    '  MX("@", 10, "mx.example.net."),',
    '  TXT("@", "v=spf1 // not a comment"), A("www", "192.0.2.2"), // two on one line',
    '  CF_REDIRECT("old.example.com/*", "https://example.com/$1") // the old site',
    ');',
    'var re = /a\\/\\/b/; // after a regular expression',
  ].join('\n');
  const rec = (type: string, name: string, target: string, line: number, extra: Record<string, unknown> = {}) => ({
    type,
    name,
    target,
    ttl: 600,
    filepos: `[line:${line}:3]`,
    ...extra,
  });
  const IR = {
    dns_providers: [{ name: 'cloudflare', type: 'CLOUDFLAREAPI' }],
    domains: [
      {
        name: 'example.com',
        dnsProviders: { cloudflare: -1 },
        records: [
          rec('A', '@', '192.0.2.1', 8),
          rec('MX', '@', 'mx.example.net.', 10, { mxpreference: 10 }),
          rec('TXT', '@', 'v=spf1 // not a comment', 11),
          rec('A', 'www', '192.0.2.2', 11),
          rec('CF_REDIRECT', '@', 'old.example.com/*,https://example.com/$1', 12),
        ],
      },
    ],
  };

  it('reads comments with a parser: not in a string, not in a regular expression', () => {
    const scan = scanDnsconfig(JS, 'dnsconfig.js');
    if (!scan.ok) throw new Error(scan.message);
    expect(scan.scan.comments.map((c) => c.text.trim())).toEqual([
      'Providers',
      'the CF account',
      'The shop',
      'our main domain',
      'the web server',
      'mail',
      'two on one line',
      'the old site',
      'after a regular expression',
    ]);
    expect(scan.scan.domains).toEqual([
      { name: 'example.com', startLine: 6, endLine: 13, defaultTtl: 600, statement: { startLine: 6, endLine: 13 } },
    ]);
  });

  it('above the record of their line (two on a line: the first written), the D() call’s at the top, the redirect’s listed', () => {
    const r = readDnscontrolIr(IR, 'ir.json', { file: 'dnsconfig.js', text: JS });
    expect(r.problems).toEqual([]);
    const text = written(r.zones[0]!, 'DNSControl');
    expect(text).toMatch(/# the web server\n {2}- \{ name: "@", type: A,/);
    expect(text).toMatch(/# mail\n {2}- \{ name: "@", type: MX,/);
    expect(text).toMatch(/# two on one line\n {2}- \{ name: "@", type: TXT,/);
    expect(text).toMatch(/^# The shop$/m);
    expect(text).toMatch(/^# our main domain$/m);
    expect(r.zones[0]!.defaults).toEqual({ ttl: 600 });
    expect(r.report.zones[0]!.comments).toMatchObject({ read: 6, carried: 5 });
    expect(r.report.zones[0]!.comments!.notPlaced.map((n) => n.subject)).toEqual([
      '@ CF_REDIRECT old.example.com/*,https://example.com/$1',
    ]);
    expect(r.report.comments?.configuration).toBe(3);
  });

  it('a dnsconfig.js that does not parse is a problem at its line, nothing imported', () => {
    const r = readDnscontrolIr(IR, 'ir.json', { file: 'dnsconfig.js', text: 'D("example.com",\n  A("@" "1.2.3.4"));\n' });
    expect(r.problems.map((p) => `${p.at.file}:${p.at.line} ${p.message}`)).toEqual([
      'dnsconfig.js:2 not JavaScript zonectl can read for its comments: Unexpected token',
    ]);
  });
});
