/**
 * The zone files the editor's property test edits: real zones nobody here wrote
 * (test/fixtures/real-zones: a team's octoDNS zones converted as a team would write them for
 * zonectl, DNSControl zones, a zone export made by the service read with zonectl's BIND import),
 * the examples (also with CRLF line endings), the generated zone of test/fixtures/zonefile (block
 * records, a `defaults:` block), and the hand-written fixtures of test/fixtures/yaml-edit
 * (comments, anchors, merge keys, flow and block records, quoting, includes, absolute names).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importBindZone } from '../../../src/core/bind/import-zone.js';
import { renderExportYaml } from '../../../src/core/export/render-export.js';
import { generateLargeZone } from '../../fixtures/zonefile/generate-large-zone.js';
import { octodnsToZoneFile } from '../../support/octodns-zone.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const FIXTURES = join(ROOT, 'test', 'fixtures');

export interface CorpusFile {
  /** Where it comes from, for messages. */
  readonly label: string;
  /** The path it is read at (its includes are relative to it). */
  readonly path: string;
  readonly zone: string;
  readonly text: string;
}

const read = (path: string): string => readFileSync(path, 'utf8');

/** The YamlProvider's `default_ttl` of hackclub/dns (test/fixtures/real-zones/SOURCES.md). */
const HACKCLUB_DEFAULT_TTL = 600;

export function zoneFileCorpus(): CorpusFile[] {
  const out: CorpusFile[] = [];
  const hackclub = join(FIXTURES, 'real-zones', 'octodns-hackclub');
  for (const file of readdirSync(hackclub)
    .filter((f) => f.endsWith('.yaml') && f !== 'config-production.yaml')
    .sort()) {
    const zone = file.replace(/\.yaml$/, '');
    const converted = octodnsToZoneFile(read(join(hackclub, file)), zone, HACKCLUB_DEFAULT_TTL);
    out.push({ label: `octodns-hackclub/${file} (converted)`, path: join(hackclub, file), zone, text: converted.text });
  }
  const dnscontrol = join(FIXTURES, 'real-zones', 'dnscontrol');
  for (const file of readdirSync(dnscontrol).sort()) {
    out.push({
      label: `dnscontrol/${file}`,
      path: join(dnscontrol, file),
      zone: file.replace(/\.yaml$/, ''),
      text: read(join(dnscontrol, file)),
    });
  }
  const exports = join(FIXTURES, 'real-zones', 'cloudflare-exports');
  for (const file of readdirSync(exports).sort()) {
    const zone = file.replace(/\.txt$/, '');
    const imported = importBindZone(read(join(exports, file)), { zone, soa: false, proxied: false });
    out.push({
      label: `cloudflare-exports/${file} (imported)`,
      path: join(exports, `${zone}.yaml`),
      zone,
      text: renderExportYaml(imported.export, { origin: `Imported from ${file}.` }),
    });
  }
  out.push({
    label: 'examples/zone.yaml',
    path: join(ROOT, 'examples', 'zone.yaml'),
    zone: 'example.com',
    text: read(join(ROOT, 'examples', 'zone.yaml')),
  });
  out.push({
    label: 'examples/zone.yaml (CRLF)',
    path: join(ROOT, 'examples', 'zone.yaml'),
    zone: 'example.com',
    text: read(join(ROOT, 'examples', 'zone.yaml')).replaceAll('\n', '\r\n'),
  });
  out.push({
    label: 'zonefile/generate-large-zone.ts (240 records)',
    path: join(FIXTURES, 'zonefile', 'large.yaml'),
    zone: 'example.com',
    text: generateLargeZone(240),
  });
  const own = join(FIXTURES, 'yaml-edit');
  for (const file of readdirSync(own)
    .filter((f) => f.endsWith('.yaml'))
    .sort()) {
    const text = read(join(own, file));
    const zone = /^zone: (\S+)/m.exec(text)?.[1] ?? 'example.com';
    out.push({ label: `yaml-edit/${file}`, path: join(own, file), zone, text });
  }
  return out;
}
