/**
 * `import --from octodns --force` over a zone file the team already keeps (issue 40): the file is
 * edited through the editor, as `export --into` edits one, never rewritten: its comments, its
 * layout and what the team wrote stay, the records the source changed are changed, and the first
 * plan against the emulator, loaded with what octoDNS would write, is empty.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliInProcess as runCli } from '../support/run-cli-in-process.js';
import { tempDir } from '../support/temp-dir.js';
import { TOKEN, config, converge, startHarness, type Harness } from './harness.js';

const OCTODNS_CONFIG = `providers:
  config:
    class: octodns.provider.yaml.YamlProvider
    directory: ./records
  cloudflare:
    class: octodns_cloudflare.CloudflareProvider
    token: env/CF_TOKEN
zones:
  example.com.:
    sources:
      - config
    targets:
      - cloudflare
`;

/** The octoDNS zone after the team's last change there: www moved, api added. */
const OCTODNS_ZONE = `---
'':
  type: MX
  value:
    exchange: mx.example.net.
    preference: 10
api:
  type: A
  value: 192.0.2.7
www:
  ttl: 300
  type: A
  value: 192.0.2.2
`;

/** The zone file as the team keeps it since the first import: its own comments and layout. */
const KEPT = `# yaml-language-server: $schema=../.zonectl/zone.schema.json
# Owned by the web team; ask in #dns before changing.

version: 1
zone: example.com
account: cloudflare
defaults: { ttl: 3600 }
records:
  # mail goes to the provider
  - {name: "@", type: MX, content: mx.example.net, priority: 10}

  # the website (origin in the EU)
  - { name: www, type: A, content: 192.0.2.1, ttl: 300 }   # origin
`;

/** What octoDNS writes to the zone, as a zone file to load the emulator with. */
const LIVE = `version: 1
zone: example.com
records:
  - { name: "@", type: MX, content: mx.example.net, priority: 10, ttl: 3600 }
  - { name: api, type: A, content: 192.0.2.7, ttl: 3600 }
  - { name: www, type: A, content: 192.0.2.2, ttl: 300 }
`;

describe('import --force over a kept zone file edits it', () => {
  let h: Harness;
  let repo: string;
  let env: Record<string, string>;
  let imported: { code: number; stdout: string; stderr: string };
  let after: string;

  beforeAll(async () => {
    h = await startHarness({ zones: ['example.com'] });
    await converge(h, config(LIVE));
    repo = tempDir('import-force-edits');
    execFileSync('git', ['init', '-q', repo]);
    mkdirSync(join(repo, 'octodns', 'records'), { recursive: true });
    writeFileSync(join(repo, 'octodns', 'config.yaml'), OCTODNS_CONFIG);
    writeFileSync(join(repo, 'octodns', 'records', 'example.com.yaml'), OCTODNS_ZONE);
    mkdirSync(join(repo, 'zones'));
    writeFileSync(join(repo, 'zones', 'example.com.yaml'), KEPT);
    env = { CF_TOKEN: TOKEN, CLOUDFLARE_BASE_URL: h.emulator.baseUrl };
    imported = await runCli(['import', '--from', 'octodns', 'octodns/config.yaml', '--out', 'zones/', '--force'], env, repo);
    after = readFileSync(join(repo, 'zones', 'example.com.yaml'), 'utf8');
  }, 300_000);
  afterAll(async () => {
    await h?.close();
  });

  it('imports (exit 0): the changed record changed in place, the new one added, every other line kept', () => {
    expect(imported.code, imported.stderr).toBe(0);
    expect(after).toContain('  - { name: www, type: A, content: 192.0.2.2, ttl: 300 }   # origin\n');
    expect(after).toMatch(/^ {2}- \{ name: api, type: A, content: 192\.0\.2\.7 \}$/m);
    // Without the two record lines the import touched, the file is the team's, byte for byte.
    const untouched = (text: string) =>
      text
        .split('\n')
        .filter((l) => !/name: (www|api),/.test(l) && l !== '')
        .join('\n');
    expect(untouched(after)).toBe(untouched(KEPT));
    expect(after).toContain('# Owned by the web team; ask in #dns before changing.\n');
    expect(after).toContain('  # the website (origin in the EU)\n');
    expect(after).toContain('  - {name: "@", type: MX, content: mx.example.net, priority: 10}\n');
  });

  it('plans empty against the zone octoDNS wrote', async () => {
    const plan = await runCli(['plan', 'zones/', '--detailed-exitcode'], env, repo);
    expect(plan.code, `${plan.stdout}\n${plan.stderr}`).toBe(0);
  }, 300_000);
});

describe('import --force over a file that leaves unlisted records alone', () => {
  it('is refused with the record named, and nothing is written (the import would drop it silently)', async () => {
    const repo = tempDir('import-force-keep');
    execFileSync('git', ['init', '-q', repo]);
    mkdirSync(join(repo, 'octodns', 'records'), { recursive: true });
    writeFileSync(join(repo, 'octodns', 'config.yaml'), OCTODNS_CONFIG);
    writeFileSync(join(repo, 'octodns', 'records', 'example.com.yaml'), OCTODNS_ZONE);
    mkdirSync(join(repo, 'zones'));
    const kept = KEPT.replace('defaults: { ttl: 3600 }\n', 'defaults: { ttl: 3600 }\nmanage: { unmanaged: keep }\n');
    writeFileSync(join(repo, 'zones', 'example.com.yaml'), kept);
    const r = await runCli(['import', '--from', 'octodns', 'octodns/config.yaml', '--out', 'zones/', '--force'], {}, repo);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /error\[EDIT_REFUSED\]: zones\/example\.com\.yaml: \d+ imported record\(s\) would stay out of the file.*api\.example\.com A/,
    );
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(readFileSync(join(repo, 'zones', 'example.com.yaml'), 'utf8')).toBe(kept);
    expect(existsSync(join(repo, 'zonectl.yaml'))).toBe(false);
  });
});
