/**
 * Attack family 1 (reading files outside the repository): a pull request commits the directory
 * the job plans (`zones`) as a symlink to another git checkout on the runner (a self-hosted
 * runner keeps other repositories' workspaces), or to `/`. The repository root of a file used
 * to be the nearest `.git` above its path as written, so behind the link the other checkout's
 * own `.git` made it the root and its files passed for the repository's: validate and plan read
 * and showed them. Now a file reached through a link from the working directory's repository
 * belongs to that repository, and the link is refused as leading out of it, nothing behind it read.
 */
import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';
import { everythingWritten, makeRepo, startConnectionCounter, type ConnectionCounter, type PrRepo } from './pr-repo.js';

const CANARY = 'other-checkout-canary-41b7e2d9';
const HIDDEN_ZONE = 'hidden-other-checkout.example';

describe('a symlinked zone directory that leads to another checkout', () => {
  let repo: PrRepo;
  let other: PrRepo;
  let listener: ConnectionCounter;
  let scratch: string;

  beforeAll(async () => {
    // Another repository on the runner: its own .git, a zone file and a fragment with a canary.
    other = makeRepo('zonectl-sec-link-other-');
    other.write('dns/hidden.yaml', `version: 1\nzone: ${HIDDEN_ZONE}\nrecords:\n  - { name: www, type: TXT, content: "${CANARY}" }\n`);
    other.write('dns/mail.yaml', `version: 1\nrecords:\n  - { name: mail, type: TXT, content: "${CANARY}" }\n`);
    // The pull request's repository: zones/ and shared/ are links to its root (where its .git
    // is), root/ a link to /.
    repo = makeRepo('zonectl-sec-link-');
    symlinkSync(other.root, join(repo.root, 'zones'));
    symlinkSync(other.root, join(repo.root, 'shared'));
    symlinkSync('/', join(repo.root, 'root'));
    repo.write(
      'own/example.com.yaml',
      'version: 1\nzone: example.com\ninclude: [../shared/dns/mail.yaml]\nrecords:\n  - { name: www, type: A, content: 192.0.2.1 }\n',
    );
    scratch = tempDir('sec-link-out');
    listener = await startConnectionCounter();
  });
  afterAll(async () => {
    await listener.close();
    repo.remove();
    other.remove();
  });

  it('validate zones/ (a link to another checkout): an error naming it, nothing behind it read', async () => {
    const r = await runCli(['validate', 'zones/'], {}, repo.root);
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).toMatch(/^zones\/:1:1: a symlink leads outside the repository/m);
    expect(r.stdout + r.stderr).not.toContain(CANARY);
    expect(r.stdout + r.stderr).not.toContain(HIDDEN_ZONE);
    expect(r.stdout + r.stderr).not.toContain('hidden.yaml');
  });

  it('validate zones/dns/hidden.yaml (a file named through the link): refused', async () => {
    const r = await runCli(['validate', 'zones/dns/hidden.yaml'], {}, repo.root);
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).toMatch(/zones\/dns\/hidden\.yaml:1:1: a symlink leads outside the repository/);
    expect(r.stdout + r.stderr).not.toContain(CANARY);
    expect(r.stdout + r.stderr).not.toContain(HIDDEN_ZONE);
  });

  it('an include through a linked directory (shared -> the other checkout): refused, nothing of it printed', async () => {
    const r = await runCli(['validate', 'own/'], {}, repo.root);
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).toMatch(/own\/example\.com\.yaml:3:\d+ include\[0\]: .*symlink leads outside the repository/);
    expect(r.stdout + r.stderr).not.toContain(CANARY);
  });

  it('validate root/ (a link to /): one error naming it, the file system is not walked', async () => {
    const r = await runCli(['validate', 'root/'], {}, repo.root);
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).toMatch(/^root\/:1:1: a symlink leads outside the repository/m);
    // Walking / would report files such as /etc/*.yaml or /proc entries: only the link is named.
    expect((r.stdout + r.stderr).match(/^root\/\S+:\d+:\d+/gm) ?? []).toEqual([]);
  });

  it('plan zones/ with its reports: refused before any request, nothing of the other checkout written', async () => {
    const report = join(scratch, 'report.json');
    const summary = join(scratch, 'summary.md');
    writeFileSync(summary, '');
    const r = await runCli(
      ['plan', 'zones/', '--format', 'markdown', '--report', `json=${report}`],
      {
        CLOUDFLARE_BASE_URL: listener.baseUrl,
        CLOUDFLARE_API_TOKEN: 'link-token-0123456789abcdef',
        GITHUB_ACTIONS: 'true',
        GITHUB_STEP_SUMMARY: summary,
      },
      repo.root,
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/error\[INVALID_ZONE_FILE\]/);
    const all = everythingWritten([r], [report, summary]);
    expect(all).not.toContain(CANARY);
    expect(all).not.toContain(HIDDEN_ZONE);
    expect(listener.connections()).toBe(0);
  });
});
