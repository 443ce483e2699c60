/**
 * The pseudonymizer of the real-zone fixtures' comments (pseudonymize-comments.ts), and the guard
 * that the hackclub/dns fixture's comments name no real person's address or Slack id
 * (test/fixtures/real-zones/SOURCES.md).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LineCounter, Parser } from 'yaml';
import { describe, expect, it } from 'vitest';
import { Pseudonyms } from './pseudonymize-comments.js';

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'real-zones', 'octodns-hackclub');

function comments(text: string): string[] {
  const found: string[] = [];
  const collect = (token: unknown): void => {
    if (typeof token !== 'object' || token === null) return;
    if (Array.isArray(token)) {
      for (const t of token) collect(t);
      return;
    }
    const t = token as { type?: unknown; source?: unknown };
    if (t.type === 'comment' && typeof t.source === 'string') found.push(t.source);
    else for (const v of Object.values(token)) collect(v);
  };
  for (const token of new Parser(new LineCounter().addNewLine).parse(text)) collect(token);
  return found;
}

describe('pseudonymized comments', () => {
  it('replaces addresses, Slack ids and handles by stable fakes, in comments only, line by line', () => {
    const names = new Pseudonyms();
    const a = names.file('www: # jo@example.org U012AB345CD\n  type: A\n  value: "1.2.3.4 # jo@example.org"\n');
    const b = names.file('x: # @jo, jo@example.org & ann@ U012AB345CDx\n  type: TXT\n  value: a\n');
    expect(a).toBe('www: # person-2@example.invalid U000000001\n  type: A\n  value: "1.2.3.4 # jo@example.org"\n');
    expect(b).toBe('x: # @person-4, person-2@example.invalid & person-3@ U012AB345CDx\n  type: TXT\n  value: a\n');
    // Glued to an address, as people write them: both replaced, nothing of either left.
    expect(new Pseudonyms().comment(' tanishq@hackclub.comU08R4Q9H8EB')).toBe(' person-2@example.invalidU000000001');
  });

  it('the hackclub/dns fixture: every address is example.invalid, every Slack id a fake one', () => {
    const files = readdirSync(FIXTURE).filter((f) => f.endsWith('.yaml'));
    expect(files.length).toBe(11);
    let seen = 0;
    for (const f of files)
      for (const c of comments(readFileSync(join(FIXTURE, f), 'utf8'))) {
        seen += 1;
        for (const address of c.match(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g) ?? [])
          expect(address, `${f}: ${c}`).toMatch(/^person-\d+@example\.invalid/);
        for (const id of c.match(/[UWC]0[0-9A-Z]{7,10}/g) ?? []) expect(id, `${f}: ${c}`).toMatch(/^[UWC]0{6,}\d+$/);
      }
    expect(seen).toBeGreaterThan(600);
  });
});
