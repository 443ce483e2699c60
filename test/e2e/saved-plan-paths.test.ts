/**
 * Issue 27 item 5: a saved plan records its files' paths relative to the repository root, not as
 * given on plan's command line, and apply --plan resolves them against the root of the
 * repository it runs in. A plan made from a subdirectory, with `./` or with absolute paths records
 * the same paths, and applies from the root, from a subdirectory, and from another checkout of
 * the same repository (a CI apply job's workspace). The real CLI against the emulator.
 */
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN, listRecords, startHarness, type Harness } from '../scenario/harness.js';
import { makeRepo, type PrRepo } from '../security/pr-repo.js';
import { runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

interface PlanDoc {
  format_version: number;
  files: Array<{ path: string; sha256: string }>;
  zones: Array<{ config: { file: string; includes?: string[]; records: Array<{ source?: string }> }; plan: { file?: string } }>;
}

const ZONE = (ip: string): string =>
  `version: 1\nzone: example.com\ninclude: [../shared/mail.yaml]\nrecords:\n  - { name: www, type: A, content: ${ip} }\n`;
const FRAGMENT = 'version: 1\nrecords:\n  - { name: "@", type: MX, content: mx.example.net, priority: 10 }\n';

/** Every path a saved plan records. */
const recordedPaths = (doc: PlanDoc) => ({
  files: doc.files.map((f) => f.path).sort(),
  zoneFile: doc.zones[0]?.config.file,
  planFile: doc.zones[0]?.plan.file,
  includes: doc.zones[0]?.config.includes,
  sources: [...new Set(doc.zones[0]?.config.records.flatMap((r) => (r.source === undefined ? [] : [r.source])))],
});

const EXPECTED = {
  files: ['shared/mail.yaml', 'zones/example.com.yaml'],
  zoneFile: 'zones/example.com.yaml',
  planFile: 'zones/example.com.yaml',
  includes: ['shared/mail.yaml'],
  sources: ['shared/mail.yaml'],
};

describe('saved plans record repository-relative paths', () => {
  let h: Harness;
  let repo: PrRepo;
  let scratch: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    h = await startHarness({ zones: ['example.com', 'example.org'] });
    repo = makeRepo('zonectl-plan-paths-', { git: false });
    scratch = tempDir('plan-paths-out');
    repo.write('zones/example.com.yaml', ZONE('192.0.2.10'));
    repo.write('shared/mail.yaml', FRAGMENT);
    env = { CLOUDFLARE_BASE_URL: h.emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
  });
  afterAll(async () => {
    await h.close();
    repo.remove();
    rmSync(scratch, { recursive: true, force: true });
  });

  const planOut = async (name: string, args: string[], cwd: string): Promise<PlanDoc> => {
    const out = join(scratch, name);
    const r = await runCli(['plan', ...args, '--out', out], env, cwd);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/no plan saved/);
    return JSON.parse(readFileSync(out, 'utf8')) as PlanDoc;
  };

  it('from the root, a subdirectory, with ./ or an absolute path: the same recorded paths', async () => {
    const fromRoot = await planOut('root.json', ['zones/example.com.yaml'], repo.root);
    const fromSub = await planOut('sub.json', ['example.com.yaml'], join(repo.root, 'zones'));
    const dotted = await planOut('dot.json', ['./zones/./example.com.yaml'], repo.root);
    const absolute = await planOut('abs.json', [join(repo.root, 'zones/example.com.yaml')], join(repo.root, 'shared'));
    const outside = await planOut('outside.json', [join(repo.root, 'zones')], scratch);
    expect(fromRoot.format_version).toBe(2);
    for (const doc of [fromRoot, fromSub, dotted, absolute, outside]) expect(recordedPaths(doc)).toEqual(EXPECTED);
  });

  it('a plan made in a subdirectory applies from the root; a second plan is empty', async () => {
    await planOut('sub-apply.json', ['example.com.yaml'], join(repo.root, 'zones'));
    const applied = await runCli(['apply', '--plan', join(scratch, 'sub-apply.json'), '--yes'], env, repo.root);
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expect((await listRecords(h)).find((r) => r.type === 'A')?.content).toBe('192.0.2.10');
    const again = await runCli(['plan', 'zones/example.com.yaml', '--detailed-exitcode'], env, repo.root);
    expect(again.code, again.stdout + again.stderr).toBe(0);
  });

  it('a plan made with absolute paths applies in another checkout, and from its subdirectory', async () => {
    repo.write('zones/example.com.yaml', ZONE('192.0.2.11'));
    await planOut('abs-apply.json', [join(repo.root, 'zones/example.com.yaml')], repo.root);
    const checkout = tempDir('plan-paths-checkout');
    try {
      cpSync(repo.root, checkout, { recursive: true });
      // The original checkout changes after the plan: the other checkout's bytes are the ones checked.
      repo.write('zones/example.com.yaml', ZONE('192.0.2.99'));
      const applied = await runCli(['apply', '--plan', join(scratch, 'abs-apply.json'), '--yes'], env, join(checkout, 'zones'));
      expect(applied.code, applied.stdout + applied.stderr).toBe(0);
      expect((await listRecords(h)).find((r) => r.type === 'A')?.content).toBe('192.0.2.11');
    } finally {
      rmSync(checkout, { recursive: true, force: true });
      repo.write('zones/example.com.yaml', ZONE('192.0.2.11'));
    }
  });

  it('a recorded file whose bytes changed in the checkout apply runs in is still refused', async () => {
    await planOut('changed.json', ['zones/example.com.yaml'], repo.root);
    repo.write('shared/mail.yaml', FRAGMENT.replace('10', '20'));
    try {
      const r = await runCli(['apply', '--plan', join(scratch, 'changed.json'), '--yes'], env, join(repo.root, 'zones'));
      expect(r.code).toBe(1);
      expect(r.stderr, r.stderr).toMatch(/error\[PLAN_FILE_MISMATCH\]: .*shared\/mail\.yaml changed since the plan was made/);
    } finally {
      repo.write('shared/mail.yaml', FRAGMENT);
    }
  });

  it('a recorded path that is absolute, or climbs out of the repository, is refused (PLAN_FILE_INVALID)', async () => {
    const doc = await planOut('edited.json', ['zones/example.com.yaml'], repo.root);
    const edited = join(scratch, 'edited.json');
    const refuse = async (edit: (d: PlanDoc) => void): Promise<string> => {
      const copy = structuredClone(doc);
      edit(copy);
      writeFileSync(edited, JSON.stringify(copy));
      const r = await runCli(['apply', '--plan', edited, '--yes'], env, repo.root);
      expect(r.code, r.stdout + r.stderr).toBe(1);
      return r.stderr;
    };
    const absolute = join(repo.root, 'shared/mail.yaml');
    expect(
      await refuse((d) => {
        d.files = d.files.map((f) => (f.path === 'shared/mail.yaml' ? { ...f, path: absolute } : f));
      }),
    ).toMatch(/error\[PLAN_FILE_INVALID\]: .*shared\/mail\.yaml: the plan names a file apply does not read: an absolute path/);
    expect(
      await refuse((d) => {
        d.files = d.files.map((f) => (f.path === 'shared/mail.yaml' ? { ...f, path: '../shared/mail.yaml' } : f));
      }),
    ).toMatch(/error\[PLAN_FILE_INVALID\]: .*the path leads outside the repository/);
  });

  it('zone files of two repositories: no plan saved, and why', async () => {
    const other = makeRepo('zonectl-plan-paths-other-', { git: false });
    try {
      const org = other.write('zones/example.org.yaml', 'version: 1\nzone: example.org\nrecords: []\n');
      const out = join(scratch, 'two.json');
      const r = await runCli(['plan', 'zones/example.com.yaml', org, '--out', out], env, repo.root);
      // Exit 1 since issue 33 (was 0 with a warning): the step after it would find no plan.
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toContain(
        `error[PLAN_NOT_SAVED]: no plan saved to ${out}: ${org} is outside the repository of the zone files (${repo.root})`,
      );
      expect(existsSync(out)).toBe(false);
    } finally {
      other.remove();
    }
  });

  it('a plan of the previous format (paths as given, read from the working directory) still applies', async () => {
    const doc = await planOut('v1.json', ['zones/example.com.yaml'], repo.root);
    // Made from the root, format 1 wrote the same paths; only its version differs.
    writeFileSync(join(scratch, 'v1.json'), JSON.stringify({ ...doc, format_version: 1 }));
    const r = await runCli(['apply', '--plan', join(scratch, 'v1.json'), '--yes'], env, repo.root);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    // A version no zonectl wrote yet (3, zones to create, exists since issue 33).
    writeFileSync(join(scratch, 'v4.json'), JSON.stringify({ ...doc, format_version: 4 }));
    const v4 = await runCli(['apply', '--plan', join(scratch, 'v4.json'), '--yes'], env, repo.root);
    expect(v4.code).toBe(1);
    expect(v4.stderr).toMatch(/error\[PLAN_FILE_VERSION\]: .*format_version 4 is not supported/);
  });
});
