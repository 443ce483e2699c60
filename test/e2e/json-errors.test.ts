/**
 * With `--format json`, a run that fails as a whole (invalid files, no credentials, an API that
 * cannot be reached) still prints exactly one JSON document on stdout, with `error` (and the
 * files' problems), beside the usual error line on stderr and exit code 1.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

interface Doc {
  format_version: number;
  command?: string;
  error?: {
    code: string;
    message: string;
    problems?: Array<{ file: string; line: number; col: number; path: string; severity: string; code: string; message: string }>;
  };
  zones: unknown[];
}

describe('JSON output of a run that fails as a whole', () => {
  let bad: string;
  let good: string;
  beforeAll(() => {
    const dir = tempDir('json-errors');
    bad = join(dir, 'bad.yaml');
    writeFileSync(
      bad,
      'version: 1\nzone: example.com\nrecords:\n  - { name: www, type: A, content: 999.0.0.1 }\n  - { name: www, type: A, content: 192.0.2.1, ttl: 30 }\n',
    );
    good = join(dir, 'good.yaml');
    writeFileSync(good, 'version: 1\nzone: example.com\nrecords:\n  - { name: www, type: A, content: 192.0.2.1 }\n');
  });

  for (const command of [['plan'], ['drift'], ['apply', '--yes']]) {
    it(`${command[0]}: an invalid file gives one document with every problem, and no API call`, async () => {
      // An unreachable API: a call would turn the error into API_NETWORK.
      const r = await runCli([...command, bad, '--format', 'json'], {
        CLOUDFLARE_API_TOKEN: 'json-errors-token-0123456789',
        CLOUDFLARE_BASE_URL: 'http://127.0.0.1:1/client/v4',
      });
      expect(r.code).toBe(1);
      const doc = JSON.parse(r.stdout) as Doc;
      // The report of plan and drift is version 2 (docs/drift-report.md); apply's document is its own, version 1.
      expect(doc.format_version).toBe(command[0] === 'apply' ? 1 : 2);
      expect(doc.zones).toEqual([]);
      expect(doc.error?.code).toBe('INVALID_ZONE_FILE');
      expect(doc.error?.problems?.map((p) => [p.line, p.path, p.severity, p.file])).toEqual([
        [4, 'records[0].content', 'error', bad],
        [5, 'records[1].ttl', 'warning', bad],
      ]);
      expect(r.stderr).toContain('zonectl: error[INVALID_ZONE_FILE]: 1 error in the zone file(s); nothing was sent to the API');
    });
  }

  it('plan: no credentials gives a document with CREDENTIALS', async () => {
    const r = await runCli(['plan', good, '--format', 'json'], { CLOUDFLARE_BASE_URL: 'http://127.0.0.1:1/client/v4' });
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout) as Doc;
    expect(doc.error?.code).toBe('CREDENTIALS');
    expect(doc.error?.problems).toBeUndefined();
  });

  it('apply: flags refused before any call give the document too; a token never appears in it', async () => {
    const token = 'json-errors-secret-token-9f8e7d6c5b4a';
    const r = await runCli(['apply', '--yes', good, '--format', 'json', '--concurrency', '0'], {
      CLOUDFLARE_API_TOKEN: token,
      CLOUDFLARE_BASE_URL: 'http://127.0.0.1:1/client/v4',
    });
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout) as Doc;
    expect(doc.command).toBe('apply');
    expect(doc.error?.code).toMatch(/^BAD_/);
    expect(r.stdout + r.stderr).not.toContain(token);
  });
});
