/**
 * Issue 40 item 6: public repositories of teams on Cloudflare (test/fixtures/real-zones,
 * SOURCES.md), each imported through the CLI with its comments, the first plan empty against the
 * emulator loaded with the records the old tool writes (hand-written, not the importer's), and
 * the hand-over patch applied with `git apply` (the old tool lets go of those zones).
 *
 * - DNSControl, babel/dns: `dnsconfig.js` as the team keeps it, its print-ir made by
 *   test/support/dnscontrol-print-ir.ts (DNSControl cannot be installed here), beside it.
 * - Terraform, dfsnow/opentimes: `terraform/cloudflare-dns.tf` as the project keeps it (provider
 *   cloudflare ~> 4.45, `cloudflare_record` resources). The emulator holds the records written by
 *   hand from the .tf values below (not from the importer): v4's `cloudflare_record` sends no TTL
 *   or `proxied` when the .tf sets none, and the API's defaults are TTL 1 (automatic) and not
 *   proxied (https://developers.cloudflare.com/api/resources/dns/subresources/records/methods/create/).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printIr } from '../support/dnscontrol-print-ir.js';
import { runCliInProcess as runCli } from '../support/run-cli-in-process.js';
import { tempDir } from '../support/temp-dir.js';
import { TOKEN, config, converge, startHarness, type Harness } from './harness.js';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'real-zones');

/** A zone file of hand-written records (`defaults` given), to load the emulator with. */
function zoneFile(zone: string, records: ReadonlyArray<Record<string, unknown>>, ttl: number | 'auto'): string {
  return [
    `version: 1`,
    `zone: ${zone}`,
    `defaults: { ttl: ${ttl} }`,
    'records:',
    ...records.map((r) => `  - ${JSON.stringify(r)}`),
    '',
  ].join('\n');
}

/** The comment lines directly above the first record line of the zone file that matches `record`. */
function commentsAbove(text: string, record: RegExp): string[] {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => record.test(l));
  expect(at, `${record}`).toBeGreaterThan(0);
  const out: string[] = [];
  for (let i = at - 1; i >= 0 && lines[i]!.trimStart().startsWith('#'); i -= 1) out.unshift(lines[i]!.trim());
  return out;
}

describe('DNSControl: babel/dns imported with its comments, plan empty, D() calls handed over', () => {
  const ZONES = ['babeljs.io', 'babeljs.com', 'babel.dev'];
  let h: Harness;
  let repo: string;
  let env: Record<string, string>;
  let imported: { code: number; stdout: string; stderr: string };

  beforeAll(async () => {
    h = await startHarness({ zones: ZONES });
    const written = parse(readFileSync(join(FIXTURES, 'dnscontrol-babel', 'written-by-dnscontrol.yaml'), 'utf8')) as Record<
      string,
      Array<Record<string, unknown>>
    >;
    for (const zone of ZONES) await converge(h, config(zoneFile(zone, written[zone]!, 300)));
    repo = tempDir('babel-dns');
    execFileSync('git', ['init', '-q', repo]);
    cpSync(join(FIXTURES, 'dnscontrol-babel', 'dnsconfig.js'), join(repo, 'dnsconfig.js'));
    const js = readFileSync(join(repo, 'dnsconfig.js'), 'utf8');
    writeFileSync(join(repo, 'ir.json'), JSON.stringify(printIr(js, 'dnsconfig.js', { cloudflare: 'CLOUDFLAREAPI' }), null, 2));
    env = { CLOUDFLARE_API_TOKEN: TOKEN, CLOUDFLARE_BASE_URL: h.emulator.baseUrl };
    imported = await runCli(
      ['import', '--from', 'dnscontrol', 'ir.json', '--out', 'zones/', '--handover', 'dnscontrol-handover.patch'],
      env,
      repo,
    );
  }, 300_000);
  afterAll(async () => {
    await h?.close();
  });

  it('imports (exit 0) and plans empty', async () => {
    expect(imported.code, imported.stderr).toBe(0);
    const plan = await runCli(['plan', 'zones/', '--detailed-exitcode'], env, repo);
    expect(plan.code, `${plan.stdout}\n${plan.stderr}`).toBe(0);
  }, 300_000);

  it('keeps the comments of dnsconfig.js beside their records, in every zone a shared record is in', () => {
    const io = readFileSync(join(repo, 'zones', 'babeljs.io.yaml'), 'utf8');
    expect(commentsAbove(io, /name: new, type: CNAME/)).toEqual(['# Redirect to babeljs.io']);
    expect(commentsAbove(io, /name: old, type: CNAME/)).toEqual(['# Legacy website']);
    expect(commentsAbove(io, /name: _acme-challenge\.slack/)).toEqual(['# Slack']);
    expect(commentsAbove(io, /name: verify60970/)).toEqual(['# Email']);
    expect(commentsAbove(io, /name: donate/)).toEqual(['# Will redirect to OpenCollective']);
    expect(commentsAbove(io, /google-site-verification/)).toEqual(['# Google Search Console']);
    expect(io).toMatch(/^# babeljs\.io website$/m);
    // The website's records live in a variable all three domains use: the comment goes with them.
    for (const zone of ZONES)
      expect(commentsAbove(readFileSync(join(repo, 'zones', `${zone}.yaml`), 'utf8'), /name: "@", type: CNAME/), zone).toContain(
        '# https://docs.netlify.com/domains/configure-domains/configure-external-dns/#configure-an-apex-domain',
      );
    expect(imported.stdout).toMatch(/^babeljs\.io: .*\n {2}comments: 11 of 11 carried/m);
    expect(imported.stdout).toMatch(/beside the old tool's own configuration/);
  });

  it('the hand-over is a patch git apply takes: the D() calls of the imported domains are gone', () => {
    execFileSync('git', ['apply', '--check', 'dnscontrol-handover.patch'], { cwd: repo });
    execFileSync('git', ['apply', 'dnscontrol-handover.patch'], { cwd: repo });
    const after = readFileSync(join(repo, 'dnsconfig.js'), 'utf8');
    for (const zone of ZONES) expect(after).not.toContain(`D("${zone}"`);
    expect(after).not.toContain('D_EXTEND');
    expect(after).toContain('var REG_NONE = NewRegistrar("none");');
  });
});

describe('Terraform: dfsnow/opentimes imported with its comments, plan empty, resources handed over', () => {
  const ZONE = 'opentimes.org';
  const TF = readFileSync(join(FIXTURES, 'terraform-opentimes', 'cloudflare-dns.tf'), 'utf8');
  // What `terraform apply` of cloudflare-dns.tf writes, copied by hand from its resources.
  const WRITTEN: Array<Record<string, unknown>> = [
    { name: '@', type: 'MX', content: 'in1-smtp.messagingengine.com', priority: 10 },
    { name: '@', type: 'MX', content: 'in2-smtp.messagingengine.com', priority: 20 },
    { name: 'fm1._domainkey', type: 'CNAME', content: 'fm1.opentimes.org.dkim.fmhosted.com' },
    { name: 'fm2._domainkey', type: 'CNAME', content: 'fm2.opentimes.org.dkim.fmhosted.com' },
    { name: 'fm3._domainkey', type: 'CNAME', content: 'fm3.opentimes.org.dkim.fmhosted.com' },
    { name: '@', type: 'TXT', content: 'v=spf1 include:spf.messagingengine.com ?all' },
    {
      name: '_dmarc',
      type: 'TXT',
      content: 'v=DMARC1;p=none;rua=mailto:1ccc182bc464478ebe689a3da8739e1a@dmarc-reports.cloudflare.net',
    },
  ];
  let h: Harness;
  let repo: string;
  let env: Record<string, string>;
  let imported: { code: number; stdout: string; stderr: string };

  beforeAll(async () => {
    h = await startHarness({ zones: [ZONE] });
    await converge(h, config(zoneFile(ZONE, WRITTEN, 'auto')));
    repo = tempDir('opentimes-tf');
    execFileSync('git', ['init', '-q', repo]);
    writeFileSync(join(repo, 'cloudflare-dns.tf'), TF);
    env = { CLOUDFLARE_API_TOKEN: TOKEN, CLOUDFLARE_BASE_URL: h.emulator.baseUrl };
    imported = await runCli(
      ['import', '--from', 'terraform', 'cloudflare-dns.tf', '--out', 'zones/', '--handover', 'terraform-handover.patch'],
      env,
      repo,
    );
  }, 300_000);
  afterAll(async () => {
    await h?.close();
  });

  it('the fixture is what the oracle counts: seven cloudflare_record resources and one block comment', () => {
    expect(TF.match(/^resource "cloudflare_record" /gm)).toHaveLength(WRITTEN.length);
    expect(TF.match(/\/\*[\s\S]*?\*\//g)).toHaveLength(1);
    expect(TF.match(/^\s*(#|\/\/)/gm)).toBeNull();
  });

  it('imports (exit 0) every record and plans empty', async () => {
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toMatch(/^opentimes\.org: 7 record\(s\) imported/m);
    const plan = await runCli(['plan', 'zones/', '--detailed-exitcode'], env, repo);
    expect(plan.code, `${plan.stdout}\n${plan.stderr}`).toBe(0);
  }, 300_000);

  it("keeps the .tf's block comment, every line of it, above the records that follow it", () => {
    const file = readFileSync(join(repo, 'zones', `${ZONE}.yaml`), 'utf8');
    const block = /\/\*([\s\S]*?)\*\//.exec(TF)![1]!;
    const lines = block
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l !== '');
    const above = commentsAbove(file, /type: MX, content: in1-smtp/);
    expect(above.map((l) => l.replace(/^#\s*/, ''))).toEqual(lines);
    expect(imported.stdout).toMatch(/comments: 2 of 2 carried/);
  });

  it('the hand-over is a patch git apply takes: the records leave the .tf, removed blocks keep them alive', () => {
    execFileSync('git', ['apply', '--check', 'terraform-handover.patch'], { cwd: repo });
    execFileSync('git', ['apply', 'terraform-handover.patch'], { cwd: repo });
    const after = readFileSync(join(repo, 'cloudflare-dns.tf'), 'utf8');
    expect(after).not.toContain('resource "cloudflare_record"');
    expect(after).toContain('resource "cloudflare_zone" "opentimes-org"');
    expect(after).toContain('resource "cloudflare_zone_settings_override" "opentimes-org"');
    const removed = readFileSync(join(repo, 'zonectl-handover.tf'), 'utf8');
    for (const m of TF.matchAll(/^resource "cloudflare_record" "([^"]+)"/gm))
      expect(removed).toMatch(new RegExp(`from = cloudflare_record\\.${m[1]}\\n\\s*lifecycle \\{\\n\\s*destroy = false`));
  });
});
