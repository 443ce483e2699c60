import { describe, expect, it } from 'vitest';
import { canonicalTxt, normalizeRecord, parseTxtContent, renderTxtContent, splitTxtChunks, txtToBytes } from '../../src/core/model/index.js';

const bytes = (content: string) => [...txtToBytes(canonicalTxt(content))];
const utf8 = (s: string) => [...new TextEncoder().encode(s)];

describe('TXT: RFC 1035 §5.1 escapes are bytes, compared as bytes', () => {
  it('reads \\DDD as one byte of that decimal value and \\X as X', () => {
    expect(canonicalTxt('"\\104\\105"')).toBe('hi');
    expect(canonicalTxt('"a\\034b"')).toBe('a"b');
    expect(canonicalTxt('"a\\"b\\\\c\\;d"')).toBe('a"b\\c;d');
    // fewer than three digits is `\X` followed by digits
    expect(canonicalTxt('"\\12x"')).toBe('12x');
  });

  it('joins UTF-8 written as decimal escapes into its characters', () => {
    expect(canonicalTxt('"caf\\195\\169"')).toBe('café');
    expect(canonicalTxt('"caf\\195\\169"')).toBe(canonicalTxt('"café"'));
    expect(canonicalTxt('"caf\\195\\169"')).toBe(canonicalTxt('café'));
  });

  it('quoted, unquoted and several strings compare equal when the bytes are equal', () => {
    const forms = ['v=spf1 -all', '"v=spf1 -all"', '"v=spf1" " -all"', '"v=spf1\\032-all"', '"\\118=spf1 -\\097ll"'];
    for (const f of forms) expect(bytes(f)).toEqual(utf8('v=spf1 -all'));
    expect(new Set(forms.map(canonicalTxt)).size).toBe(1);
  });

  it('different bytes stay different (case, one escaped byte)', () => {
    expect(canonicalTxt('"abc"')).not.toBe(canonicalTxt('"ABC"'));
    expect(canonicalTxt('"a\\098c"')).not.toBe(canonicalTxt('"abd"'));
  });

  it('keeps a byte that is not UTF-8 text as that byte, distinct from any text', () => {
    const lone = canonicalTxt('"x\\200y"');
    expect([...txtToBytes(lone)]).toEqual([0x78, 200, 0x79]);
    expect(lone).not.toBe(canonicalTxt('"x\\\\200y"'));
    expect(lone).not.toBe(canonicalTxt('"x\u0080y"'));
    // written back as the same bytes: \200 in the quoted string
    expect(renderTxtContent(lone)).toBe('"x\\200y"');
    expect(canonicalTxt(renderTxtContent(lone))).toBe(lone);
  });

  it('refuses an escape above 255 as inconsistent content', () => {
    const p = parseTxtContent('"\\256"');
    expect(p.ok).toBe(false);
    if (!p.ok) expect(p.reason).toMatch(/\\256 is not a byte/);
  });

  it('several 255-byte strings and the joined text normalize equal (TXT records)', () => {
    const a = 'a'.repeat(255);
    const b = 'b'.repeat(255);
    const n = (content: string) => normalizeRecord({ name: 't', type: 'TXT', content }, 'example.com');
    expect(n(`"${a}" "${b}" "c"`)).toEqual(n(`${a}${b}c`));
    expect(n(`"${a}""${b}""c"`)).toEqual(n(`${a}${b}c`));
  });

  it('long text is written as strings of at most 255 bytes, never cutting a character or an escaped byte', () => {
    const text = `${'é'.repeat(200)}${canonicalTxt('"\\200"')}${'x'.repeat(300)}`;
    const chunks = splitTxtChunks(text);
    for (const c of chunks) expect(txtToBytes(c).length).toBeLessThanOrEqual(255);
    expect(chunks.join('')).toBe(text);
    expect(canonicalTxt(renderTxtContent(text))).toBe(text);
  });

  it('escapes the quote and the backslash when writing, and reads them back', () => {
    const text = 'say "hi" \\ bye';
    expect(renderTxtContent(text)).toBe('"say \\"hi\\" \\\\ bye"');
    expect(canonicalTxt(renderTxtContent(text))).toBe(text);
  });

  it('keeps a leading byte order mark as bytes', () => {
    expect(bytes('"\\239\\187\\191x"')).toEqual([0xef, 0xbb, 0xbf, 0x78]);
  });
});

describe('TXT round trip', () => {
  it('text written by zonectl reads back as the same text, any Unicode and any escaped byte (fast-check)', async () => {
    const fc = (await import('fast-check')).default;
    const escapedByte = fc.integer({ min: 0x80, max: 0xff }).map((b) => canonicalTxt(`"\\${b}"`));
    const text = fc.array(fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), escapedByte), { maxLength: 20 }).map((p) => p.join(''));
    fc.assert(
      fc.property(text, (t) => {
        const canonical = canonicalTxt(renderTxtContent(t));
        expect([...txtToBytes(canonical)]).toEqual([...txtToBytes(t)]);
        expect(canonicalTxt(renderTxtContent(canonical))).toBe(canonical);
      }),
      { numRuns: 1000 },
    );
  });
});
