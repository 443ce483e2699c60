/**
 * Issue 27 item 5: an edited saved plan cannot name another repository configuration. The
 * attack: `repository_config` pointed at a zonectl.yaml outside the repository (whose account
 * reads its token from another variable of the job), with that file's sha256 added to `files[]`;
 * or the zone file's path moved there too. apply --plan must refuse it before any request, and
 * no request may carry that other variable as its credential. The real CLI, through a recording
 * proxy in front of the emulator.
 */
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { startDropProxy, type DropProxy } from '../api/drop-proxy.js';
import { runCli } from '../support/run-cli.js';
import { makeRepo, type PrRepo } from './pr-repo.js';
import { tempDir } from '../support/temp-dir.js';

const MAIN = 'plan-main-token-1b3d5f7a9c0e2468ace0';
const SHOP = 'plan-shop-token-9e7c5a3b1d0f8642eca9';
/** Another variable of the apply job: the write token of another account. */
const OTHER = 'plan-other-secret-4f6e8d0c2b1a3957e8d6';

interface PlanDoc {
  files: Array<{ path: string; sha256: string }>;
  repository_config?: string;
  zones: Array<{ config: { file: string } }>;
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

describe('apply --plan and the repository configuration a plan names', () => {
  let emu: RunningEmulator;
  let proxy: DropProxy;
  let repo: PrRepo;
  let outside: string;
  let env: Record<string, string>;
  let planFile: string;
  let original: string;

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, zones: ['example.com'], token: MAIN, accounts: [{ token: SHOP, zones: ['example.org'] }] });
    proxy = await startDropProxy(emu.baseUrl);
    repo = makeRepo('zonectl-sec-plan-', { git: false });
    outside = tempDir('sec-outside');
    repo.write('zonectl.yaml', 'version: 1\naccounts:\n  shop:\n    credentials: { token_env: CF_SHOP_TOKEN }\n');
    repo.write(
      'zones/example.org.yaml',
      'version: 1\nzone: example.org\naccount: shop\nrecords:\n  - { name: www, type: A, content: 192.0.2.7 }\n',
    );
    // What a hostile plan points at: a configuration (and a zone file) outside the repository.
    writeFileSync(join(outside, 'zonectl.yaml'), 'version: 1\naccounts:\n  shop:\n    credentials: { token_env: OTHER_SECRET }\n');
    writeFileSync(join(outside, 'example.org.yaml'), readFileSync(join(repo.root, 'zones/example.org.yaml'), 'utf8'));
    env = { CLOUDFLARE_BASE_URL: proxy.baseUrl, CLOUDFLARE_API_TOKEN: MAIN, CF_SHOP_TOKEN: SHOP, OTHER_SECRET: OTHER };
    planFile = join(repo.root, 'plan.json');
    const planned = await runCli(['plan', 'zones/', '--out', planFile], env, repo.root);
    expect(planned.code, planned.stderr).toBe(0);
    original = readFileSync(planFile, 'utf8');
  });
  afterAll(async () => {
    await proxy.close();
    await emu.close();
    repo.remove();
    rmSync(outside, { recursive: true, force: true });
  });

  /** apply --plan of the edited plan: refused, no request at all, none with OTHER as its credential. */
  const refused = async (edit: (doc: PlanDoc) => void): Promise<string> => {
    const doc = JSON.parse(original) as PlanDoc;
    edit(doc);
    writeFileSync(planFile, JSON.stringify(doc));
    const sent = proxy.credentials.length;
    const r = await runCli(['apply', '--plan', planFile, '--yes'], env, repo.root);
    expect(r.code, r.stdout + r.stderr).toBe(1);
    expect(proxy.credentials.slice(sent).filter((c) => c.includes(OTHER))).toEqual([]);
    expect(proxy.credentials.slice(sent)).toEqual([]);
    expect(r.stdout + r.stderr).not.toContain(OTHER);
    return r.stderr;
  };

  it('repository_config set to an absolute path outside the repository, its sha256 added to files[]: refused', async () => {
    const evil = join(outside, 'zonectl.yaml');
    const stderr = await refused((doc) => {
      doc.repository_config = evil;
      doc.files.push({ path: evil, sha256: sha256(readFileSync(evil, 'utf8')) });
    });
    expect(stderr).toMatch(
      /error\[PLAN_FILE_INVALID\]: .*zonectl\.yaml: the plan names a file apply does not read: the path leads outside the repository/,
    );
  });

  it('the zone file moved outside too, beside that configuration: refused', async () => {
    const evil = join(outside, 'zonectl.yaml');
    const zone = join(outside, 'example.org.yaml');
    const stderr = await refused((doc) => {
      doc.repository_config = evil;
      doc.files = [
        { path: zone, sha256: sha256(readFileSync(zone, 'utf8')) },
        { path: evil, sha256: sha256(readFileSync(evil, 'utf8')) },
      ];
      doc.zones[0]!.config.file = zone;
    });
    expect(stderr).toMatch(/error\[PLAN_FILE_INVALID\]: .*the path leads outside the repository/);
  });

  it('a relative path that climbs out (../), or into .git/: refused', async () => {
    const climbing = `../${outside.split('/').pop()}/zonectl.yaml`;
    expect(
      await refused((doc) => {
        doc.repository_config = climbing;
        doc.files.push({ path: climbing, sha256: sha256(readFileSync(join(outside, 'zonectl.yaml'), 'utf8')) });
      }),
    ).toMatch(/the path leads outside the repository/);
    repo.write('.git/zonectl.yaml', readFileSync(join(outside, 'zonectl.yaml'), 'utf8'));
    expect(
      await refused((doc) => {
        doc.repository_config = '.git/zonectl.yaml';
        doc.files.push({ path: '.git/zonectl.yaml', sha256: sha256(readFileSync(join(outside, 'zonectl.yaml'), 'utf8')) });
      }),
    ).toMatch(/the path leads into \.git, a version control directory/);
  });

  it('another zonectl.yaml inside the repository than the one found from the zone files: refused', async () => {
    const other = repo.write('other/zonectl.yaml', readFileSync(join(outside, 'zonectl.yaml'), 'utf8'));
    // As a plan records it: relative to the repository root (an absolute path is refused outright).
    const stderr = await refused((doc) => {
      doc.repository_config = 'other/zonectl.yaml';
      doc.files.push({ path: 'other/zonectl.yaml', sha256: sha256(readFileSync(other, 'utf8')) });
    });
    expect(stderr).toMatch(/error\[PLAN_FILE_MISMATCH\]: .*the one found from zones\/example\.org\.yaml is .*zonectl\.yaml/);
  });

  it('the plan as made applies with the shop token, and a second plan is empty', async () => {
    writeFileSync(planFile, original);
    const sent = proxy.credentials.length;
    const applied = await runCli(['apply', '--plan', planFile, '--yes'], env, repo.root);
    expect(applied.code, applied.stderr).toBe(0);
    const used = new Set(proxy.credentials.slice(sent));
    expect(used).toEqual(new Set([`Bearer ${SHOP}`]));
    const again = await runCli(['plan', 'zones/', '--detailed-exitcode'], env, repo.root);
    expect(again.code, again.stdout + again.stderr).toBe(0);
  });
});
