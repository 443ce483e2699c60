/**
 * Issue 27 item 8: `include: [../.git/config]` was allowed (`.git/` lies inside the repository),
 * and a checkout with persisted credentials keeps an `Authorization` header there. Includes into
 * `.git/` and the other version control directories are refused outright, whatever the spelling
 * (a symlink inside the repository that leads there, a path through `.git/` and back out), and
 * nothing of the file is read into any output.
 */
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { makeRepo, type PrRepo } from './pr-repo.js';

/** What actions/checkout writes with persist-credentials (the default): the job's token, base64. */
const EXTRAHEADER = 'AUTHORIZATION: basic eC1hY2Nlc3MtdG9rZW46Z2hzX3NlY3JldEdpdGh1YlRva2Vu';

describe('includes into version control directories', () => {
  let repo: PrRepo;

  beforeAll(() => {
    repo = makeRepo('zonectl-sec-vcs-');
    repo.git('config', 'http.https://github.com/.extraheader', EXTRAHEADER);
    repo.write('.hg/hgrc', 'version: 1\nrecords: []\n');
    repo.write('.svn/entries.yaml', 'version: 1\nrecords: []\n');
    repo.write('CVS/Root.yaml', 'version: 1\nrecords: []\n');
    repo.write('shared/ok.yaml', 'version: 1\nrecords:\n  - { name: ok, type: TXT, content: "ok" }\n');
    symlinkSync('../.git/config', join(repo.root, 'shared/config.yaml'));
  });
  afterAll(() => {
    repo.remove();
  });

  it.each([
    ['../.git/config', '.git'],
    ['../.git/../shared/../.git/config', '.git'],
    ['../shared/config.yaml', '.git'],
    ['../.hg/hgrc', '.hg'],
    ['../.svn/entries.yaml', '.svn'],
    ['../CVS/Root.yaml', 'CVS'],
  ])('include: [%s] is refused (%s), nothing of it printed', async (entry, dir) => {
    repo.write('zones/example.com.yaml', `version: 1\nzone: example.com\ninclude: [../shared/ok.yaml, "${entry}"]\nrecords: []\n`);
    const r = await runCli(['validate', 'zones/'], {}, repo.root);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      `zones/example.com.yaml:3:30 include[1]: cannot include ${JSON.stringify(entry)}: the path leads into ${dir}, a version control directory`,
    );
    expect(r.stdout + r.stderr).not.toContain('AUTHORIZATION');
    expect(r.stdout + r.stderr).not.toContain('eC1hY2Nlc3Mt');
  });

  it('the fragment beside them is read as before', async () => {
    repo.write('zones/example.com.yaml', 'version: 1\nzone: example.com\ninclude: [../shared/ok.yaml]\nrecords: []\n');
    const r = await runCli(['validate', 'zones/'], {}, repo.root);
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toContain('zones/example.com.yaml: valid (1 record, 1 of them from 1 fragment)');
  });
});
