/**
 * Issue 27 item 7: zone files found by walking a directory obey the confinement of includes. The
 * attack: a pull request commits symlinks among the zone files, to `/dev/zero` (three of them
 * took 1.7 GB), to `/proc/self/environ` (the job's environment, secrets included), to a YAML file
 * outside the repository (parsed, its `zone:` shown); and a FIFO, and a file past the size cap.
 * Each is an error naming the file (nothing of it read), the other zones are still reported,
 * and plan sends nothing.
 */
import { execFileSync } from 'node:child_process';
import { openSync, closeSync, ftruncateSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ZONE_FILE_BYTES } from '../../src/app/files/confined-read.js';
import { runCli } from '../support/run-cli.js';
import { makeRepo, startConnectionCounter, type ConnectionCounter, type PrRepo } from './pr-repo.js';
import { tempDir } from '../support/temp-dir.js';

const SECRET = 'walk-job-secret-6d8f0a2c4e1b3579';

describe('the directory walk and files a pull request planted', () => {
  let repo: PrRepo;
  let outside: string;
  let listener: ConnectionCounter;

  beforeAll(async () => {
    repo = makeRepo('zonectl-sec-walk-', { git: false });
    outside = tempDir('sec-walk-outside');
    writeFileSync(join(outside, 'zone.yaml'), 'version: 1\nzone: hidden-outside.example\nrecords: []\n');
    repo.write('zones/good.example.yaml', 'version: 1\nzone: good.example\nrecords:\n  - { name: www, type: A, content: 192.0.2.1 }\n');
    for (const n of [1, 2, 3]) symlinkSync('/dev/zero', join(repo.root, `zones/zero${n}.yaml`));
    symlinkSync('/proc/self/environ', join(repo.root, 'zones/environ.yaml'));
    symlinkSync(join(outside, 'zone.yaml'), join(repo.root, 'zones/outside.yaml'));
    execFileSync('mkfifo', [join(repo.root, 'zones/fifo.yaml')]);
    // Past the cap, without writing it: a sparse file.
    const big = openSync(join(repo.root, 'zones/big.yaml'), 'w');
    ftruncateSync(big, MAX_ZONE_FILE_BYTES + 1);
    closeSync(big);
    // A link inside the repository to a zone file inside it is fine.
    symlinkSync('good.example.yaml', join(repo.root, 'zones/alias.yaml'));
    listener = await startConnectionCounter();
  });
  afterAll(async () => {
    await listener.close();
    repo.remove();
    rmSync(outside, { recursive: true, force: true });
  });

  it('validate zones/: each planted file is an error naming it, nothing of it is read, the good zone is reported', async () => {
    const r = await runCli(['validate', 'zones/'], { JOB_SECRET: SECRET }, repo.root);
    expect(r.code).toBe(1);
    const text = r.stdout + r.stderr;
    for (const n of [1, 2, 3]) expect(text).toMatch(new RegExp(`zones/zero${n}\\.yaml:1:1: a symlink leads outside the repository`));
    expect(text).toMatch(/zones\/environ\.yaml:1:1: a symlink leads outside the repository/);
    expect(text).toMatch(/zones\/outside\.yaml:1:1: a symlink leads outside the repository/);
    expect(text).toMatch(/zones\/fifo\.yaml:1:1: not a regular file \(a device, a FIFO or a socket\)/);
    expect(text).toMatch(new RegExp(`zones/big\\.yaml:1:1: larger than any zone file \\(${MAX_ZONE_FILE_BYTES + 1} bytes`));
    // The link inside the repository is read: the same zone twice (one file per zone), alias.yaml first.
    expect(text).toMatch(/^zones\/alias\.yaml: valid \(1 record\)$/m);
    expect(text).toMatch(/zones\/good\.example\.yaml:1:1 zone: zone good\.example is also described by zones\/alias\.yaml/);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('hidden-outside.example');
    expect(text).not.toMatch(/INTERNAL|ERR_STRING_TOO_LONG|heap/);
  });

  it('plan zones/: refused before any request', async () => {
    const r = await runCli(
      ['plan', 'zones/'],
      {
        CLOUDFLARE_BASE_URL: listener.baseUrl,
        CLOUDFLARE_API_TOKEN: 'walk-token-0123456789',
        JOB_SECRET: SECRET,
      },
      repo.root,
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/error\[INVALID_ZONE_FILE\]/);
    expect(r.stdout + r.stderr).not.toContain(SECRET);
    expect(listener.connections()).toBe(0);
  });
});
