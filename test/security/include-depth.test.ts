/**
 * Issue 27 item 6: a 3,000-deep include chain (zone -> f0 -> f1 -> ... -> f2999) crashed the
 * whole run (`error[INTERNAL]: Maximum call stack size exceeded`) and the directory's other zones
 * were never reported. Now the depth is bounded (MAX_INCLUDE_DEPTH): a clear error on that zone
 * (and on each fragment of the chain, each checked alone as a directory run does), the other zone
 * valid, no stack trace; plan refuses before any request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_INCLUDE_DEPTH, MAX_INCLUDED_FILES } from '../../src/core/zonefile/fragments.js';
import { runCli } from '../support/run-cli.js';
import { makeRepo, startConnectionCounter, type ConnectionCounter, type PrRepo } from './pr-repo.js';

const DEPTH = 3000;

describe('a 3,000-deep include chain', () => {
  let repo: PrRepo;
  let listener: ConnectionCounter;

  beforeAll(async () => {
    repo = makeRepo('zonectl-sec-depth-', { git: false });
    for (let i = 0; i < DEPTH; i += 1) {
      const next = i + 1 < DEPTH ? `include: [f${i + 1}.yaml]\n` : '';
      repo.write(`zones/chain/f${i}.yaml`, `version: 1\n${next}records:\n  - { name: r${i}, type: TXT, content: "link ${i}" }\n`);
    }
    repo.write('zones/deep.example.yaml', 'version: 1\nzone: deep.example\ninclude: [chain/f0.yaml]\nrecords: []\n');
    repo.write('zones/fine.example.yaml', 'version: 1\nzone: fine.example\nrecords:\n  - { name: www, type: A, content: 192.0.2.1 }\n');
    listener = await startConnectionCounter();
  });
  afterAll(async () => {
    await listener.close();
    repo.remove();
  });

  // 3,000 fragments, each also checked alone as a directory run does: tens of thousands of small reads.
  it('validate: an error at the include that goes too deep, in that zone; the other zone valid; no stack overflow', {
    timeout: 180_000,
  }, async () => {
    const r = await runCli(['validate', 'zones/'], {}, repo.root);
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).not.toMatch(/INTERNAL|Maximum call stack|\n\s+at /);
    const deepest = `f${MAX_INCLUDE_DEPTH - 1}.yaml`;
    expect(r.stdout).toMatch(
      new RegExp(
        `chain/${deepest.replace('.', '\\.')}:2:\\d+ include\\[0\\]: cannot include "f${MAX_INCLUDE_DEPTH}\\.yaml": includes nest deeper than ${MAX_INCLUDE_DEPTH} files below the zone file; include fragments from fewer levels \\(in fragment .*, included by zones/deep\\.example\\.yaml\\)`,
      ),
    );
    expect(r.stdout).toMatch(/^zones\/fine\.example\.yaml: valid \(1 record\)$/m);
    expect(r.stdout).toMatch(/^zones\/deep\.example\.yaml: 1 error$/m);
  });

  it('plan of the directory: refused with the same error, no request sent', async () => {
    const r = await runCli(
      ['plan', 'zones/deep.example.yaml', 'zones/fine.example.yaml'],
      {
        CLOUDFLARE_BASE_URL: listener.baseUrl,
        CLOUDFLARE_API_TOKEN: 'depth-token-0123456789',
      },
      repo.root,
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/includes nest deeper than 16 files below the zone file/);
    expect(r.stderr).toMatch(/error\[INVALID_ZONE_FILE\]/);
    expect(r.stderr).not.toMatch(/INTERNAL|Maximum call stack/);
    expect(listener.connections()).toBe(0);
  });

  it(`a zone that includes more than ${MAX_INCLUDED_FILES} fragments in all: an error at the entry past the bound`, async () => {
    const wide = makeRepo('zonectl-sec-wide-', { git: false });
    try {
      for (let i = 0; i <= MAX_INCLUDED_FILES; i += 1)
        wide.write(`shared/w${i}.yaml`, `version: 1\nrecords:\n  - { name: w${i}, type: TXT, content: "w" }\n`);
      const list = Array.from({ length: MAX_INCLUDED_FILES + 1 }, (_, i) => `../shared/w${i}.yaml`).join(', ');
      wide.write('zones/wide.example.yaml', `version: 1\nzone: wide.example\ninclude: [${list}]\nrecords: []\n`);
      const r = await runCli(['validate', 'zones/'], {}, wide.root);
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(
        new RegExp(
          `include\\[${MAX_INCLUDED_FILES}\\]: cannot include "\\.\\./shared/w${MAX_INCLUDED_FILES}\\.yaml": the zone already includes ${MAX_INCLUDED_FILES} fragments`,
        ),
      );
      expect(r.stdout).toMatch(/^zones\/wide\.example\.yaml: 1 error$/m);
    } finally {
      wide.remove();
    }
  });
});
