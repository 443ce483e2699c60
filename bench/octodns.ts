/**
 * octoDNS (https://github.com/octodns/octodns, with octodns-cloudflare) beside zonectl, where it
 * is installed: `ZONECTL_BENCH_OCTODNS` holds the command that runs octodns-sync, e.g.
 *
 *   ZONECTL_BENCH_OCTODNS="python3 -m octodns.cmds.sync" PYTHONPATH=/path/to/checkouts npm run bench -- team edits
 *
 * Nothing of octoDNS is part of this repository; without the variable the benchmarks say that
 * octoDNS was not measured. octoDNS talks to the same emulator through the same proxy: the
 * Cloudflare provider's `api_url` points at it, with page rules off (the emulator has none).
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TeamRecord } from './team-zone.js';

/** The octodns-sync command line, or undefined when octoDNS is not installed for the bench. */
export function octodnsCommand(): string[] | undefined {
  const raw = process.env.ZONECTL_BENCH_OCTODNS?.trim();
  return raw ? raw.split(/\s+/) : undefined;
}

export const OCTODNS_MISSING = 'not measured: set ZONECTL_BENCH_OCTODNS to an octodns-sync command (bench/octodns.ts)';

function yamlString(s: string): string {
  return JSON.stringify(s);
}

/** One record's value in octoDNS's YAML form (TXT `;` escaped, names absolute with a dot). */
function octoValue(r: TeamRecord): string {
  const abs = (n: string): string => yamlString(n.endsWith('.') ? n : `${n}.`);
  switch (r.type) {
    case 'A':
    case 'AAAA':
      return yamlString(r.content ?? '');
    case 'CNAME':
      return abs(r.content ?? '');
    case 'TXT':
      return yamlString((r.content ?? '').replaceAll(';', '\\;'));
    case 'MX':
      return `{ preference: ${r.priority ?? 10}, exchange: ${abs(r.content ?? '')} }`;
    case 'SRV':
      return `{ priority: ${r.data?.priority}, weight: ${r.data?.weight}, port: ${r.data?.port}, target: ${abs(String(r.data?.target))} }`;
    case 'CAA':
      return `{ flags: ${r.data?.flags}, tag: ${r.data?.tag}, value: ${yamlString(String(r.data?.value))} }`;
  }
}

/**
 * The zone file octoDNS reads for `records` (grouped by name, then type): TTL 300 where zonectl
 * says auto (octoDNS has no auto; its Cloudflare provider reads auto back as 300), proxied as the
 * provider's own flag. Comments and tags have no octoDNS form and are left out, and so is SRV:
 * octodns-cloudflare sends SRV with `data.service`/`data.proto`/`data.name`, which the API no
 * longer takes (the emulator refuses it as the service does).
 */
export function octodnsZoneYaml(records: readonly TeamRecord[]): string {
  const byName = new Map<string, Map<string, TeamRecord[]>>();
  for (const r of records) {
    if (r.type === 'SRV') continue;
    const name = r.name === '@' ? '' : r.name;
    const types = byName.get(name) ?? new Map<string, TeamRecord[]>();
    byName.set(name, types);
    types.set(r.type, [...(types.get(r.type) ?? []), r]);
  }
  const lines = ['---'];
  for (const [name, types] of [...byName].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    lines.push(`${yamlString(name)}:`);
    for (const [type, rs] of types) {
      const first = rs[0]!;
      lines.push(`  - type: ${type}`, `    ttl: ${first.ttl ?? 300}`);
      if (first.proxied) lines.push('    octodns: { cloudflare: { proxied: true } }');
      // CNAME is single-valued in octoDNS (`value`); the others take a list.
      if (type === 'CNAME') lines.push(`    value: ${octoValue(first)}`);
      else lines.push('    values:', ...rs.map((r) => `      - ${octoValue(r)}`));
    }
  }
  return `${lines.join('\n')}\n`;
}

/** octoDNS's config: the zone's YAML in `dir` as source, the emulator (through `apiUrl`) as target. */
export function writeOctodnsConfig(dir: string, zone: string, records: readonly TeamRecord[], apiUrl: string, token: string): string {
  writeFileSync(join(dir, `${zone}.yaml`), octodnsZoneYaml(records));
  const config = join(dir, `octodns-${zone}.yaml`);
  writeFileSync(
    config,
    [
      '---',
      'providers:',
      '  config:',
      '    class: octodns.provider.yaml.YamlProvider',
      `    directory: ${yamlString(dir)}`,
      '    enforce_order: false',
      '  cloudflare:',
      '    class: octodns_cloudflare.CloudflareProvider',
      `    token: ${yamlString(token)}`,
      `    api_url: ${yamlString(apiUrl)}`,
      '    pagerules: false',
      '    retry_period: 1',
      'zones:',
      `  ${zone}.:`,
      '    sources: [config]',
      '    targets: [cloudflare]',
      '',
    ].join('\n'),
  );
  return config;
}

/** Runs octodns-sync on `config` (`doit`: apply, else plan only); wall time in ms. */
export function runOctodns(command: readonly string[], config: string, doit: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const args = [...command.slice(1), '--config-file', config, ...(doit ? ['--doit', '--force'] : [])];
    const child = spawn(command[0]!, args, { env: process.env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(performance.now() - started) : reject(new Error(`octodns-sync exited ${code}: ${stderr.slice(-1500)}`)),
    );
  });
}
