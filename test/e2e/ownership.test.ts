import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN, startHarness, type Harness } from '../scenario/harness.js';
import { runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

describe('ownership through the CLI', () => {
  let h: Harness;
  let dir: string;
  let env: Record<string, string>;
  const write = (name: string, text: string): string => {
    const p = join(dir, name);
    writeFileSync(p, text);
    return p;
  };
  beforeAll(async () => {
    h = await startHarness();
    dir = tempDir('own');
    env = { CLOUDFLARE_BASE_URL: h.emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
  });
  afterAll(async () => {
    await h.close();
  });

  it('validate refuses manage.tokens: delete without a prefix, before any API call', async () => {
    const f = write('bad.yaml', 'version: 1\nzone: example.com\nrecords: []\nmanage: { tokens: delete }\n');
    const r = await runCli(['validate', f], { CLOUDFLARE_BASE_URL: 'http://127.0.0.1:9/client/v4' });
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).toMatch(/bad\.yaml:4:\d+ manage\.tokens: "delete" needs manage\.tokens_prefix/);
  });

  it('a record removed from the file is deleted by apply; drift exits 0 once converged', async () => {
    const both = write(
      'both.yaml',
      'version: 1\nzone: example.com\nrecords:\n  - { name: www, type: A, content: 192.0.2.1 }\n  - { name: old, type: A, content: 192.0.2.2 }\n',
    );
    expect((await runCli(['apply', both, '--yes'], env)).code).toBe(0);
    const one = write('one.yaml', 'version: 1\nzone: example.com\nrecords:\n  - { name: www, type: A, content: 192.0.2.1 }\n');
    const plan = await runCli(['plan', one, '--detailed-exitcode'], env);
    expect(plan.code).toBe(2);
    expect(plan.stdout).toMatch(/^ {2}- old\.example\.com A 192\.0\.2\.2$/m);
    expect((await runCli(['apply', one, '--yes'], env)).code).toBe(0);
    const drift = await runCli(['drift', one], env);
    expect(drift.code).toBe(0);
  });

  it('keep mode: the markdown plan states once that absent records are kept', async () => {
    const keep = write(
      'keep.yaml',
      'version: 1\nzone: example.com\nrecords:\n  - { name: "@", type: TXT, content: hi }\nmanage: { unmanaged: keep }\n',
    );
    const r = await runCli(['plan', keep, '--format', 'markdown'], env);
    expect(r.code).toBe(0);
    expect(r.stdout.match(/records whose \(name, type\) the file does not list are kept/g)).toHaveLength(1);
  });

  it('drift --fail-on-unmanaged: a converged keep-mode zone exits 0 without the flag and 2 with it', async () => {
    const keep = write(
      'keep-converged.yaml',
      'version: 1\nzone: example.com\nrecords:\n  - { name: "@", type: TXT, content: hi }\nmanage: { unmanaged: keep }\n',
    );
    expect((await runCli(['apply', keep, '--yes'], env)).code).toBe(0);
    // A record no file lists, written out of band: kept (keep mode) and reported, not a change.
    const res = await fetch(`${h.emulator.baseUrl}/zones/${h.zoneId}/dns_records`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'stray.example.com', type: 'A', content: '192.0.2.77', ttl: 300 }),
    });
    expect(res.status).toBe(200);

    const plan = await runCli(['plan', keep, '--detailed-exitcode'], env);
    expect(plan.code).toBe(0);
    expect(plan.stdout).toContain('stray.example.com');
    const quiet = await runCli(['drift', keep], env);
    expect(quiet.code).toBe(0);
    expect(quiet.stdout).toContain('stray.example.com');
    const strict = await runCli(['drift', keep, '--fail-on-unmanaged'], env);
    expect(strict.code).toBe(2);
    const json = await runCli(['drift', keep, '--fail-on-unmanaged', '--format', 'json'], env);
    expect(json.code).toBe(2);
    const doc = JSON.parse(json.stdout) as { zones: { unmanaged: { name: string }[] }[] };
    expect(doc.zones[0].unmanaged.map((u) => u.name)).toContain('stray.example.com');
  });
});
