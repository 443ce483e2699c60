/**
 * `apply --format json` and `validate --format json`: one JSON document on stdout and nothing
 * else there; apply for a directory of zones where one cannot be planned (`--rate-limit`,
 * `--shard`). The real CLI against the emulator over loopback.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN, startHarness, type Harness } from '../scenario/harness.js';
import { runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

interface JsonOperation {
  action: string;
  kind: string;
  name: string;
  type?: string;
  method: string;
  path: string;
  applied: boolean;
  id?: string;
}

interface ApplyDoc {
  format_version: number;
  command: string;
  dry_run: boolean;
  error?: { code: string; message: string };
  zones: Array<{
    zone: string;
    file: string;
    outcome: string;
    error?: { code: string; message: string };
    operations: JsonOperation[];
    calls: number;
    ms: number;
    http_calls?: Array<{ step: number; method: string; path: string }>;
  }>;
  summary: { zones: number; applied: number; failed: number; unchanged: number; operations_applied: number; calls: number; ms: number };
}

const zoneText = (zone: string, hosts: readonly string[], extra = ''): string =>
  `version: 1\nzone: ${zone}\nrecords:\n${hosts.map((h, i) => `  - { name: ${h}, type: A, content: 192.0.2.${i + 1} }\n`).join('')}${extra}`;

describe('apply and validate --format json; apply for many zones', () => {
  let h: Harness;
  let dir: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    h = await startHarness({ zones: ['example.com', 'example.org', 'example.net'] });
    dir = tempDir('apply-json');
    env = { CLOUDFLARE_BASE_URL: h.emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
  });
  afterAll(async () => {
    await h.close();
  });

  it('apply --format json: one document with each operation, the ids the service returned, calls, timings and outcome', async () => {
    const file = join(dir, 'one.yaml');
    writeFileSync(file, zoneText('example.net', ['www', 'api', 'mail']));
    const dry = await runCli(['apply', file, '--dry-run', '--format', 'json'], env);
    expect(dry.code).toBe(2);
    const planned = JSON.parse(dry.stdout) as ApplyDoc;
    expect(planned.dry_run).toBe(true);
    expect(planned.zones[0].outcome).toBe('dry_run');
    expect(planned.zones[0].http_calls?.length).toBeGreaterThan(0);

    const r = await runCli(['apply', file, '--yes', '--format', 'json', '--no-batch'], env);
    expect(r.stderr).not.toMatch(/operations applied/); // no progress with --format json
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as ApplyDoc; // the whole of stdout is one document
    expect(doc).toMatchObject({ format_version: 1, command: 'apply', dry_run: false });
    expect(doc.zones).toHaveLength(1);
    const z = doc.zones[0];
    expect(z).toMatchObject({ zone: 'example.net', file, outcome: 'applied', calls: 3 });
    expect(z.operations.map((o) => [o.action, o.kind, o.name, o.type, o.method, o.applied])).toEqual(
      ['api.example.net', 'mail.example.net', 'www.example.net'].map((n) => ['create', 'dns_record', n, 'A', 'POST', true]),
    );
    // The ids are the service's: each is a record that exists now.
    const live = (await (
      await fetch(`${h.emulator.baseUrl}/zones/${h.emulator.zones[2].id}/dns_records`, { headers: { authorization: `Bearer ${TOKEN}` } })
    ).json()) as {
      result: Array<{ id: string; name: string }>;
    };
    for (const op of z.operations) expect(live.result.find((l) => l.id === op.id)?.name).toBe(op.name);
    expect(z.ms).toBeGreaterThanOrEqual(0);
    expect(doc.summary).toMatchObject({ zones: 1, applied: 1, failed: 0, operations_applied: 3, calls: 3 });
    expect(doc.summary.ms).toBeGreaterThanOrEqual(z.ms);

    const again = await runCli(['apply', file, '--yes', '--format', 'json'], env);
    expect(again.code).toBe(0);
    expect((JSON.parse(again.stdout) as ApplyDoc).zones[0]).toMatchObject({ outcome: 'unchanged', operations: [] });
  });

  it('apply --format json: a refused run is still one document, with the error; secrets never in it', async () => {
    const file = join(dir, 'tokens.yaml');
    writeFileSync(
      file,
      zoneText(
        'example.net',
        ['www', 'api', 'mail'],
        'tokens:\n  - name: ci-json\n    policies:\n      - effect: allow\n        permission_groups: [{ name: DNS Write }]\n        resources: { "com.cloudflare.api.account.zone.{zone_id}": "*" }\n',
      ),
    );
    const both = await runCli(['apply', file, '--yes', '--format', 'json', '--show-token-values'], env);
    expect(both.code).toBe(1);
    expect(JSON.parse(both.stdout)).toMatchObject({ error: { code: 'BAD_FLAG' }, zones: [], summary: { calls: 0 } });
    expect(both.stderr).toMatch(/error\[BAD_FLAG\]: --show-token-values cannot be used with --format json/);

    const refused = await runCli(['apply', file, '--yes', '--format', 'json'], env);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout)).toMatchObject({
      error: { code: 'TOKEN_OUTPUT_NEEDED' },
      zones: [{ zone: 'example.net', outcome: 'not_started' }],
    });
    expect(refused.stderr).toMatch(/error\[TOKEN_OUTPUT_NEEDED\]/);

    const out = join(dir, 'tokens.json');
    const r = await runCli(['apply', file, '--yes', '--format', 'json', '--token-output', out], env);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as ApplyDoc;
    const created = doc.zones[0].operations.find((o) => o.kind === 'token');
    expect(created).toMatchObject({ action: 'create', name: 'ci-json', applied: true });
    expect(created?.id).toMatch(/\S/);
    const secret = (JSON.parse(readFileSync(out, 'utf8')) as Record<string, string>)['ci-json'];
    expect(secret).toMatch(/\S{20}/);
    expect(r.stdout).not.toContain(secret);
    expect(r.stderr).not.toContain(secret);
  });

  it('apply of a directory: a zone that does not exist is reported, the two others are applied, exit 1; a second plan of those two is empty', async () => {
    const zones = join(dir, 'zones');
    mkdirSync(join(zones, 'nested'), { recursive: true });
    writeFileSync(join(zones, 'com.yaml'), zoneText('example.com', ['www', 'api']));
    writeFileSync(join(zones, 'nested', 'org.yaml'), zoneText('example.org', ['www']));
    writeFileSync(join(zones, 'missing.yaml'), zoneText('missing.example', ['www']));
    const r = await runCli(['apply', zones, '--yes', '--rate-limit', '600/60'], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/zonectl: error\[ZONE_LOOKUP\]: missing\.example: /);
    expect(r.stdout).toMatch(/example\.com: applied 2 create, 0 update, 0 delete/);
    expect(r.stdout).toMatch(/example\.org: applied 1 create, 0 update, 0 delete/);
    const plan = await runCli(
      ['plan', join(zones, 'com.yaml'), join(zones, 'nested', 'org.yaml'), '--detailed-exitcode', '--format', 'json'],
      env,
    );
    expect(plan.code).toBe(0);
    expect((JSON.parse(plan.stdout) as { zones: Array<{ changes: unknown[] }> }).zones.map((z) => z.changes)).toEqual([[], []]);

    // The same in JSON: the zone that failed to plan is in the document, with its code.
    const json = await runCli(['apply', zones, '--yes', '--format', 'json'], env);
    expect(json.code).toBe(1);
    const doc = JSON.parse(json.stdout) as ApplyDoc;
    expect(doc.zones.map((z) => [z.zone, z.outcome, z.error?.code])).toEqual(
      expect.arrayContaining([
        ['example.com', 'unchanged', undefined],
        ['example.org', 'unchanged', undefined],
        ['missing.example', 'failed', 'ZONE_LOOKUP'],
      ]),
    );

    // --shard: N jobs cover each zone once.
    const seen: string[] = [];
    for (const k of [1, 2]) {
      const s = await runCli(['apply', zones, '--yes', '--format', 'json', '--shard', `${k}/2`], env);
      seen.push(...(JSON.parse(s.stdout) as ApplyDoc).zones.map((z) => z.zone));
    }
    expect(seen.sort()).toEqual(['example.com', 'example.org', 'missing.example']);
    const bad = await runCli(['apply', zones, '--yes', '--shard', '3/2'], env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/error\[BAD_FLAG\]: --shard/);
  });

  it('validate --format json: every problem with file, line, col, path, severity, code and message, and a summary per file', async () => {
    const good = join(dir, 'good.yaml');
    const bad = join(dir, 'bad.yaml');
    writeFileSync(good, zoneText('example.com', ['www']));
    writeFileSync(
      bad,
      'version: 1\nzone: example.com\nrecords:\n  - { name: www, type: A, content: 192.0.2.1, ttl: 5 }\n  - { name: www, type: CNAME, content: other.example.com }\n',
    );
    const r = await runCli(['validate', good, bad, '--format', 'json']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('');
    const doc = JSON.parse(r.stdout) as {
      valid: boolean;
      files: Array<{
        file: string;
        valid: boolean;
        errors: number;
        warnings: number;
        records?: number;
        problems: Array<Record<string, unknown>>;
      }>;
      summary: { files: number; valid: number; invalid: number; errors: number };
    };
    expect(doc.valid).toBe(false);
    expect(doc.files.map((f) => [f.file, f.valid])).toEqual([
      [good, true],
      [bad, false],
    ]);
    expect(doc.files[0]).toMatchObject({ records: 1, errors: 0, problems: [] });
    const problems = doc.files[1].problems;
    expect(problems.length).toBe(doc.files[1].errors + doc.files[1].warnings);
    expect(problems.length).toBeGreaterThanOrEqual(2);
    for (const p of problems) {
      expect(Object.keys(p).sort()).toEqual(['code', 'col', 'file', 'line', 'message', 'path', 'severity']);
      expect(p.file).toBe(bad);
    }
    expect(problems).toEqual(expect.arrayContaining([expect.objectContaining({ severity: 'error', line: 4, path: 'records[0].ttl' })]));
    expect(doc.summary).toMatchObject({ files: 2, valid: 1, invalid: 1 });

    // On GitHub Actions the annotations go to stderr: stdout stays one document.
    const gh = await runCli(['validate', bad, '--format', 'json'], { GITHUB_ACTIONS: 'true' });
    expect(() => JSON.parse(gh.stdout) as unknown).not.toThrow();
    expect(gh.stderr).toMatch(/^::error file=.*bad\.yaml,line=4,/m);
  });
});
