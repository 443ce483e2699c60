/**
 * Which zone files of the repository include a fragment (src/app/files/fragment-users.ts): the
 * question asked before a fragment's record is edited for one zone.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { otherZonesIncluding } from '../../../src/app/files/index.js';
import { tempDir } from '../../support/temp-dir.js';

function repo(files: Record<string, string>): string {
  const root = tempDir('fragment-users');
  mkdirSync(join(root, '.git'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  return root;
}

const zone = (name: string, include: string[]): string => `version: 1\nzone: ${name}\ninclude: [${include.join(', ')}]\nrecords: []\n`;
const fragment = (include: string[] = []): string =>
  `version: 1\n${include.length > 0 ? `include: [${include.join(', ')}]\n` : ''}records: []\n`;

describe('otherZonesIncluding', () => {
  it('the other zones that include it, directly or through another fragment; never the zone itself', async () => {
    const root = repo({
      'zones/a.example.yaml': zone('a.example', ['../shared/mail.yaml']),
      'zones/b.example.yaml': zone('b.example', ['../shared/all.yaml']),
      'zones/c.example.yaml': zone('c.example', ['../shared/web.yaml']),
      'shared/all.yaml': fragment(['mail.yaml']),
      'shared/mail.yaml': fragment(),
      'shared/web.yaml': fragment(),
      'notes/broken.yaml': 'this: [is not\n',
    });
    const a = join(root, 'zones/a.example.yaml');
    expect(await otherZonesIncluding(a, join(root, 'shared/mail.yaml'))).toEqual([join(root, 'zones/b.example.yaml')]);
    expect(await otherZonesIncluding(a, join(root, 'shared/web.yaml'))).toEqual([join(root, 'zones/c.example.yaml')]);
    expect(await otherZonesIncluding(join(root, 'zones/c.example.yaml'), join(root, 'shared/web.yaml'))).toEqual([]);
  });

  it('a fragment reached through a symlinked path is the same file', async () => {
    const root = repo({
      'zones/a.example.yaml': zone('a.example', ['../shared/mail.yaml']),
      'zones/b.example.yaml': zone('b.example', ['../common/mail.yaml']),
      'shared/mail.yaml': fragment(),
    });
    symlinkSync(join(root, 'shared'), join(root, 'common'));
    expect(await otherZonesIncluding(join(root, 'zones/a.example.yaml'), join(root, 'shared/mail.yaml'))).toEqual([
      join(root, 'zones/b.example.yaml'),
    ]);
  });
});
