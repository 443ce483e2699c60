/**
 * The `zonectl init --ci` session (src/app/init) in process, with a recording output: what it
 * writes for a repository, and what it refuses (issue 44 item 1): a second run changes nothing, a
 * difference is shown and written only with `force` (without it nothing at all is written), a file
 * or directory that is a link out of the repository is never written through, a file that does not
 * validate or a Global API Key account stops it, and the GitLab pipeline pins the vendored
 * tarball's SHA-256.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type InitCiEvent, type InitCiRequest, runInitCi } from '../../../src/app/init/index.js';
import { tempDir } from '../../support/temp-dir.js';

const CONFIG =
  'version: 1\naccounts:\n  main:\n    account_id: ${ZONECTL_MAIN_ACCOUNT_ID}\n    credentials: { token_env: CF_MAIN_TOKEN }\n  shop:\n    credentials: { token_env: CF_SHOP_TOKEN }\n';
const ENV = { ZONECTL_MAIN_ACCOUNT_ID: '0123456789abcdef0123456789abcdef' };

/** A repository: zonectl.yaml with two accounts, a zone in each, a fragment both include. */
function repository(): string {
  const dir = join(tempDir('init-ci'), 'repo');
  for (const d of ['.git', 'zones', 'shared']) mkdirSync(join(dir, d), { recursive: true });
  writeFileSync(join(dir, 'zonectl.yaml'), CONFIG);
  writeFileSync(
    join(dir, 'shared', 'mail.yaml'),
    'version: 1\nrecords:\n  - { name: "@", type: MX, content: mx1.example.net, priority: 10 }\n',
  );
  for (const [zone, account] of [
    ['example.com', 'main'],
    ['shop.example', 'shop'],
  ])
    writeFileSync(
      join(dir, 'zones', `${zone}.yaml`),
      `version: 1\nzone: ${zone}\naccount: ${account}\ninclude: [../shared/mail.yaml]\nrecords:\n  - { name: www, type: A, content: 192.0.2.10 }\n`,
    );
  return dir;
}

async function init(dir: string, over: Partial<InitCiRequest> = {}) {
  const events: InitCiEvent[] = [];
  const result = await runInitCi(
    {
      dir,
      platform: 'github',
      paths: ['zones/'],
      version: '0.1.0',
      action: 'OWNER/zonectl@v0.1.0',
      branch: 'main',
      force: false,
      env: ENV,
      ...over,
    },
    { emit: (e) => events.push(e) },
  );
  return { result, events };
}

const workflow = (dir: string, name: string): string => readFileSync(join(dir, '.github', 'workflows', name), 'utf8');

describe('zonectl init --ci (the session)', () => {
  it('writes the three workflows; a second run leaves them; a change is a diff written only with force', async () => {
    const dir = repository();
    const first = await init(dir);
    expect(first.result.files.map((f) => `${f.status} ${f.path}`)).toEqual([
      'created .github/workflows/zonectl-plan.yml',
      'created .github/workflows/zonectl-apply.yml',
      'created .github/workflows/zonectl-drift.yml',
    ]);
    expect(first.result.repository.credentials).toEqual([
      { tokenEnv: 'CF_MAIN_TOKEN', accounts: ['main'] },
      { tokenEnv: 'CF_SHOP_TOKEN', accounts: ['shop'] },
    ]);
    expect(first.result.repository.variables).toEqual(['ZONECTL_MAIN_ACCOUNT_ID']);
    expect(first.result.repository.dependencies).toEqual(['shared/mail.yaml', 'zones/example.com.yaml', 'zones/shop.example.yaml']);
    expect(workflow(dir, 'zonectl-plan.yml')).toContain('      ZONECTL_MAIN_ACCOUNT_ID: ${{ vars.ZONECTL_MAIN_ACCOUNT_ID }}\n');

    const again = await init(dir);
    expect(again.result.files.map((f) => f.status)).toEqual(['unchanged', 'unchanged', 'unchanged']);
    expect(again.result.refused).toBe(false);

    // A third account: the difference, nothing written (a workflow removed meanwhile is not made either).
    writeFileSync(join(dir, 'zonectl.yaml'), `${CONFIG}  legacy:\n    credentials: { token_env: CF_LEGACY_TOKEN }\n`);
    const before = workflow(dir, 'zonectl-plan.yml');
    rmSync(join(dir, '.github', 'workflows', 'zonectl-drift.yml'));
    const changed = await init(dir);
    expect(changed.result.refused).toBe(true);
    expect(changed.result.files.map((f) => f.status)).toEqual(['differs', 'differs', 'created']);
    expect(changed.result.files[0]!.diff).toContain('+      CF_LEGACY_TOKEN: ${{ secrets.CF_LEGACY_TOKEN_READ }}\n');
    expect(workflow(dir, 'zonectl-plan.yml')).toBe(before);
    expect(existsSync(join(dir, '.github', 'workflows', 'zonectl-drift.yml'))).toBe(false);

    const forced = await init(dir, { force: true });
    expect(forced.result.files.map((f) => f.status)).toEqual(['replaced', 'replaced', 'created']);
    expect(workflow(dir, 'zonectl-plan.yml')).toContain('CF_LEGACY_TOKEN: ${{ secrets.CF_LEGACY_TOKEN_READ }}');
    // Atomic writes leave no temporary file behind.
    expect(readdirSync(join(dir, '.github', 'workflows')).sort()).toEqual(['zonectl-apply.yml', 'zonectl-drift.yml', 'zonectl-plan.yml']);
  });

  it('.github committed as a link out of the repository: refused, nothing written behind it', async () => {
    const dir = repository();
    const outside = tempDir('outside-github');
    symlinkSync(outside, join(dir, '.github'));
    await expect(init(dir)).rejects.toMatchObject({ code: 'OUTPUT_UNWRITABLE', message: expect.stringMatching(/outside the repository/) });
    expect(readdirSync(outside)).toEqual([]);
  });

  it('a workflow committed as a link to a file outside: refused, the file untouched', async () => {
    const dir = repository();
    const outside = join(tempDir('outside-file'), 'profile');
    writeFileSync(outside, '# ~/.profile\n');
    mkdirSync(join(dir, '.github', 'workflows'), { recursive: true });
    symlinkSync(outside, join(dir, '.github', 'workflows', 'zonectl-apply.yml'));
    await expect(init(dir, { force: true })).rejects.toMatchObject({
      code: 'OUTPUT_UNWRITABLE',
      message: '.github/workflows/zonectl-apply.yml is a link: nothing written through it',
    });
    expect(readFileSync(outside, 'utf8')).toBe('# ~/.profile\n');
    expect(existsSync(join(dir, '.github', 'workflows', 'zonectl-plan.yml'))).toBe(false);
  });

  it('a zone file that does not validate: its problems with file and line, nothing written', async () => {
    const dir = repository();
    writeFileSync(
      join(dir, 'zones', 'bad.example.yaml'),
      'version: 1\nzone: bad.example\nrecords:\n  - { name: www, type: A, content: 192.0.2.999 }\n',
    );
    const events: InitCiEvent[] = [];
    await expect(
      runInitCi(
        {
          dir,
          platform: 'github',
          paths: ['zones/'],
          version: '0.1.0',
          action: 'OWNER/zonectl@v0.1.0',
          branch: 'main',
          force: false,
          env: ENV,
        },
        { emit: (e) => events.push(e) },
      ),
    ).rejects.toMatchObject({ code: 'INVALID_ZONE_FILE' });
    expect(events).toContainEqual({ kind: 'problem', problem: expect.objectContaining({ file: 'zones/bad.example.yaml', line: 4 }) });
    expect(existsSync(join(dir, '.github'))).toBe(false);
  });

  it('ZONECTL_* variables: passed to the jobs; one a zone file reads but that is not set stops it, naming it', async () => {
    const dir = repository();
    // zonectl.yaml's account_id unset: only that account's zones would fail a plan; init goes on.
    expect((await init(dir, { env: {} })).result.repository.variables).toEqual(['ZONECTL_MAIN_ACCOUNT_ID']);
    writeFileSync(
      join(dir, 'zones', 'example.com.yaml'),
      'version: 1\nzone: example.com\naccount: main\nrecords:\n  - { name: www, type: A, content: "${ZONECTL_WWW_ADDRESS}" }\n',
    );
    const events: InitCiEvent[] = [];
    await expect(
      runInitCi(
        {
          dir,
          platform: 'github',
          paths: ['zones/'],
          version: '0.1.0',
          action: 'OWNER/zonectl@v0.1.0',
          branch: 'main',
          force: true,
          env: ENV,
        },
        { emit: (e) => events.push(e) },
      ),
    ).rejects.toMatchObject({ code: 'INVALID_ZONE_FILE' });
    expect(events).toContainEqual({
      kind: 'problem',
      problem: expect.objectContaining({
        file: 'zones/example.com.yaml',
        line: 5,
        message: expect.stringContaining('ZONECTL_WWW_ADDRESS'),
      }),
    });
    const { result } = await init(dir, { env: { ...ENV, ZONECTL_WWW_ADDRESS: '192.0.2.80' }, force: true });
    expect(result.repository.variables).toEqual(['ZONECTL_MAIN_ACCOUNT_ID', 'ZONECTL_WWW_ADDRESS']);
  });

  it('an account with a Global API Key: refused (a plan job would hold a key that can do everything)', async () => {
    const dir = repository();
    writeFileSync(
      join(dir, 'zonectl.yaml'),
      `${CONFIG}  legacy:\n    credentials: { email_env: CF_LEGACY_EMAIL, key_env: CF_LEGACY_KEY }\n`,
    );
    await expect(init(dir)).rejects.toMatchObject({
      code: 'CI_INIT',
      message: expect.stringMatching(/^account "legacy" uses a Global API Key/),
    });
  });

  it('a path no workflow can name is refused by name', async () => {
    const dir = repository();
    mkdirSync(join(dir, 'my zones'));
    await expect(init(dir, { paths: ['my zones/'] })).rejects.toMatchObject({
      code: 'CI_INIT',
      message: expect.stringContaining('"my zones/"'),
    });
  });

  it('GitLab: the vendored tarball found and pinned by its SHA-256; none, or one linked out of the repository, refused', async () => {
    const dir = repository();
    await expect(init(dir, { platform: 'gitlab' })).rejects.toMatchObject({
      code: 'CI_INIT',
      message: expect.stringMatching(/^no vendored zonectl/),
    });
    mkdirSync(join(dir, 'vendor'));
    const tarball = Buffer.from('a tarball npm pack made');
    writeFileSync(join(dir, 'vendor', 'zonectl-0.1.0.tgz'), tarball);
    const { result } = await init(dir, { platform: 'gitlab' });
    expect(result.files.map((f) => `${f.status} ${f.path}`)).toEqual(['created .gitlab-ci.yml']);
    const pipeline = readFileSync(join(dir, '.gitlab-ci.yml'), 'utf8');
    expect(pipeline).toContain('  VENDORED_ZONECTL: "vendor/zonectl-0.1.0.tgz"\n');
    expect(pipeline).toContain(`  VENDORED_ZONECTL_SHA256: "${createHash('sha256').update(tarball).digest('hex')}"\n`);
    const elsewhere = join(tempDir('tarball-elsewhere'), 'zonectl.tgz');
    writeFileSync(elsewhere, 'a tarball from elsewhere');
    symlinkSync(elsewhere, join(dir, 'vendor', 'linked.tgz'));
    await expect(init(dir, { platform: 'gitlab', tarball: 'vendor/linked.tgz', force: true })).rejects.toMatchObject({
      code: 'CI_INIT',
      message: expect.stringMatching(/^--tarball vendor\/linked\.tgz: a symlink leads outside the repository/),
    });
  });
});
