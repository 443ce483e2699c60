/** The CODEOWNERS lines of src/core/codeowners/codeowners.ts: stable, exact paths, nothing a file name could forge. */
import { describe, expect, it } from 'vitest';
import { missingCodeownersLines, renderCodeowners } from '../../../src/core/codeowners/codeowners.js';

const codeowners = new Map([
  ['web', ['@acme/web']],
  ['payments', ['@acme/payments', 'lead@example.com']],
  ['silent', []],
]);

describe('zonectl codeowners', () => {
  it('one line per file of a team, sorted by path, after the header; files of no team get none', () => {
    const r = renderCodeowners({
      files: [
        { path: 'zones/example.com.yaml', teams: ['web'] },
        { path: 'shared/payments.yaml', teams: ['payments'] },
        { path: 'zones/b.example.yaml', teams: [] },
      ],
      codeowners,
      source: 'zonectl.yaml',
    });
    expect(r.problems).toEqual([]);
    expect(r.lines.filter((l) => !l.startsWith('#'))).toEqual([
      '/shared/payments.yaml @acme/payments lead@example.com',
      '/zones/example.com.yaml @acme/web',
    ]);
    expect(r.lines[0]).toMatch(/^# zonectl codeowners/);
    expect(r.unowned).toEqual(['zones/b.example.yaml']);
  });

  it('the same files in another order give the same text', () => {
    const files = [
      { path: 'b.yaml', teams: ['web'] },
      { path: 'a.yaml', teams: ['payments'] },
      { path: 'a/z.yaml', teams: ['web'] },
    ];
    const one = renderCodeowners({ files, codeowners, source: 'zonectl.yaml' }).lines;
    const two = renderCodeowners({ files: [...files].reverse(), codeowners, source: 'zonectl.yaml' }).lines;
    expect(two).toEqual(one);
  });

  it('refuses a file of two teams, a team without code owners, and a name CODEOWNERS cannot hold plainly (a forged line included)', () => {
    const r = renderCodeowners({
      files: [
        { path: 'both.yaml', teams: ['web', 'payments'] },
        { path: 'quiet.yaml', teams: ['silent'] },
        { path: 'zones/a b.yaml', teams: ['web'] },
        { path: 'zones/*.yaml', teams: ['web'] },
        { path: 'zones/x.yaml\n/zones/** @attacker', teams: ['web'] },
        { path: '#x.yaml', teams: ['web'] },
      ],
      codeowners,
      source: 'zonectl.yaml',
    });
    expect(r.lines.filter((l) => !l.startsWith('#'))).toEqual([]);
    expect(r.problems).toHaveLength(6);
    expect(r.problems.some((p) => p.includes('both.yaml belongs to 2 teams'))).toBe(true);
    expect(r.problems.some((p) => p.includes('add owners.silent.codeowners'))).toBe(true);
    expect(r.problems.filter((p) => p.includes('cannot be a CODEOWNERS path'))).toHaveLength(4);
  });

  it('--check: the lines a CODEOWNERS file does not hold as they are (comments aside)', () => {
    const lines = ['# header', '/a.yaml @acme/web', '/b.yaml @acme/payments'];
    expect(missingCodeownersLines(lines, '* @acme/platform\n/a.yaml @acme/web\n')).toEqual(['/b.yaml @acme/payments']);
    expect(missingCodeownersLines(lines, '/a.yaml @acme/web\r\n/b.yaml @acme/payments\r\n')).toEqual([]);
  });
});
