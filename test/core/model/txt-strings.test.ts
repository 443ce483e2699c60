import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalTxt,
  isFreeSplitTxt,
  txtContentToSend,
  normalizeRecord,
  parseTxtContent,
  renderTxtStrings,
  toApiBody,
  txtContentOf,
  txtStrings,
  txtText,
  txtToBytes,
} from '../../../src/core/model/index.js';

const bytes = (content: string) => [...txtToBytes(txtText(content))];
const utf8 = (s: string) => [...new TextEncoder().encode(s)];
const strings = (content: string) => txtStrings(content).map((s) => Buffer.from(s).toString('latin1'));

describe('TXT: RFC 1035 §5.1 escapes are bytes', () => {
  it('reads \\DDD as one byte of that decimal value and \\X as X', () => {
    expect(txtText('"\\104\\105"')).toBe('hi');
    expect(txtText('"a\\034b"')).toBe('a"b');
    expect(txtText('"a\\"b\\\\c\\;d"')).toBe('a"b\\c;d');
    // fewer than three digits is `\X` followed by digits
    expect(txtText('"\\12x"')).toBe('12x');
  });

  it('joins UTF-8 written as decimal escapes into its characters', () => {
    expect(txtText('"caf\\195\\169"')).toBe('café');
    expect(canonicalTxt('"caf\\195\\169"')).toBe(canonicalTxt('"café"'));
    expect(canonicalTxt('"caf\\195\\169"')).toBe(canonicalTxt('café'));
  });

  it('the canonical form is printable ASCII: every other byte, control bytes too, is \\DDD (the service refuses anything else, 9051)', () => {
    expect(canonicalTxt('"Café Müller GmbH; Berlin"')).toBe('"Caf\\195\\169 M\\195\\188ller GmbH; Berlin"');
    expect(canonicalTxt('"Caf\\195\\169 M\\195\\188ller GmbH\\059 Berlin"')).toBe('"Caf\\195\\169 M\\195\\188ller GmbH; Berlin"');
    expect(canonicalTxt('"tab\\009here"')).toBe('"tab\\009here"');
    expect(canonicalTxt('"tab\there"')).toBe('"tab\\009here"');
  });

  it('one string written quoted, unquoted or with escapes is one canonical form', () => {
    const forms = ['v=spf1 -all', '"v=spf1 -all"', '"v=spf1\\032-all"', '"\\118=spf1 -\\097ll"'];
    for (const f of forms) expect(bytes(f)).toEqual(utf8('v=spf1 -all'));
    expect(new Set(forms.map(canonicalTxt))).toEqual(new Set(['"v=spf1 -all"']));
  });

  it('different bytes stay different (case, one escaped byte)', () => {
    expect(canonicalTxt('"abc"')).not.toBe(canonicalTxt('"ABC"'));
    expect(canonicalTxt('"a\\098c"')).not.toBe(canonicalTxt('"abd"'));
  });

  it('keeps a byte that is not UTF-8 text as that byte, distinct from any text', () => {
    expect(strings('"x\\200y"')).toEqual(['x\u00c8y']);
    expect(canonicalTxt('"x\\200y"')).toBe('"x\\200y"');
    expect(canonicalTxt('"x\\200y"')).not.toBe(canonicalTxt('"x\\\\200y"'));
    expect(canonicalTxt('"x\\200y"')).not.toBe(canonicalTxt('"x\u0080y"'));
    expect([...txtToBytes(txtText('"x\\200y"'))]).toEqual([0x78, 200, 0x79]);
  });

  it('refuses an escape above 255 as inconsistent content', () => {
    const p = parseTxtContent('"\\256"');
    expect(p.ok).toBe(false);
    if (!p.ok) expect(p.reason).toMatch(/\\256 is not a byte/);
  });

  it('escapes the quote and the backslash when writing, and reads them back', () => {
    const text = 'say "hi" \\ bye';
    expect(txtContentOf(text)).toBe('"say \\"hi\\" \\\\ bye"');
    expect(txtText(txtContentOf(text))).toBe(text);
  });

  it('keeps a leading byte order mark as bytes', () => {
    expect(bytes('"\\239\\187\\191x"')).toEqual([0xef, 0xbb, 0xbf, 0x78]);
  });
});

describe('TXT: the strings keep their boundaries (RFC 1035 §3.3.14, RFC 6763 §6)', () => {
  const n = (content: string) => normalizeRecord({ name: 't', type: 'TXT', content }, 'example.com');

  it('several strings are several strings: "a" "b" is not "ab"', () => {
    expect(strings('"first string" "second string" "third"')).toEqual(['first string', 'second string', 'third']);
    expect(n('"first string" "second string" "third"')).not.toEqual(n('"first stringsecond stringthird"'));
    expect(n('"v=spf1" " -all"')).not.toEqual(n('v=spf1 -all'));
    expect(canonicalTxt('"a"   "b"')).toBe('"a" "b"');
    expect(canonicalTxt('"a""b"')).toBe('"a" "b"');
  });

  it('a quoted string over 255 bytes is the 255-byte strings the service splits it into', () => {
    const a = 'a'.repeat(255);
    const b = 'b'.repeat(255);
    expect(n(`"${a}${b}c"`)).toEqual(n(`"${a}" "${b}" "c"`));
    expect(strings(`"${a}${b}c"`)).toEqual([a, b, 'c']);
    // Unquoted, the same text says nothing about its split: its canonical form is the text (free split),
    // sent as the 255-byte strings (issue 28; the diff compares it with the live strings joined).
    expect(canonicalTxt(`${a}${b}c`)).toBe(`${a}${b}c`);
    expect(isFreeSplitTxt(canonicalTxt(`${a}${b}c`))).toBe(true);
    expect(txtContentToSend(canonicalTxt(`${a}${b}c`))).toBe(`"${a}" "${b}" "c"`);
    expect(strings(`${a}${b}c`)).toEqual([a, b, 'c']);
  });

  it('a DKIM key written as quoted strings of 240 + 152 bytes is not the same record as 255 + 137; unquoted it is either', () => {
    const key = `v=DKIM1; k=rsa; p=${'A'.repeat(392 - 18)}`;
    const asWritten = `"${key.slice(0, 240)}" "${key.slice(240)}"`;
    const serviceSplit = `"${key.slice(0, 255)}" "${key.slice(255)}"`;
    expect(strings(asWritten).map((s) => s.length)).toEqual([240, 152]);
    expect(strings(key).map((s) => s.length)).toEqual([255, 137]);
    expect(canonicalTxt(asWritten)).not.toBe(canonicalTxt(serviceSplit));
    expect(canonicalTxt(key)).toBe(key);
    expect(txtText(asWritten)).toBe(txtText(key));
  });

  it('short unquoted text, and unquoted text with bytes outside printable ASCII, keep their exact strings', () => {
    expect(canonicalTxt('v=spf1 -all')).toBe('"v=spf1 -all"');
    expect(isFreeSplitTxt(canonicalTxt('x'.repeat(255)))).toBe(false);
    const accented = `${'é'.repeat(200)}`; // 400 bytes, not printable ASCII: the 255-byte split, exactly
    expect(isFreeSplitTxt(canonicalTxt(accented))).toBe(false);
    expect(txtStrings(canonicalTxt(accented)).map((s) => s.length)).toEqual([255, 145]);
  });

  it('a long split counts escaped bytes as one byte each and never cuts an escape', () => {
    const text = `${'é'.repeat(200)}`; // 400 bytes
    const content = txtContentOf(text);
    expect(txtStrings(content).map((s) => s.length)).toEqual([255, 145]);
    expect(txtText(content)).toBe(text);
  });

  it('the request body carries the canonical strings', () => {
    const body = toApiBody(n('"first string" "Caf\\195\\169"'));
    expect(body.content).toBe('"first string" "Caf\\195\\169"');
  });
});

describe('TXT round trip', () => {
  it('any byte strings written by zonectl read back as the same strings (fast-check)', async () => {
    const fc = (await import('fast-check')).default;
    const str = fc.uint8Array({ maxLength: 300 });
    fc.assert(
      fc.property(fc.array(str, { minLength: 1, maxLength: 5 }), (list) => {
        const content = renderTxtStrings(list);
        expect(content).toMatch(/^[\x20-\x7e]*$/);
        const back = txtStrings(content);
        expect(Buffer.concat(back)).toEqual(Buffer.concat(list));
        for (const s of back) expect(s.length).toBeLessThanOrEqual(255);
        expect(canonicalTxt(content)).toBe(content);
      }),
      { numRuns: 500 },
    );
  });
});

describe('TXT: free-split text as sent', () => {
  it('is the 255-byte strings of the text, quoted, escapes included (as rendering its bytes gives)', () => {
    // Printable ASCII with quotes, backslashes and spaces where they are likeliest to matter.
    const char = fc.oneof(
      fc.constantFrom('"', '\\', ' ', ';', '='),
      fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
    );
    const text = fc.array(char, { minLength: 250, maxLength: 800 }).map((cs) => cs.join(''));
    fc.assert(
      fc.property(text, fc.constantFrom('', ' ', '  '), (t, pad) => {
        const content = `${pad}${t}${pad}`;
        expect(txtContentToSend(content)).toBe(isFreeSplitTxt(content) ? renderTxtStrings(txtStrings(content)) : content);
      }),
      { numRuns: 300 },
    );
  });
});

describe('TXT: quoted strings read as RFC 1035 §5.1 says, fast path or not', () => {
  // The reading character by character (what parseTxtContent did for every quoted string before
  // plain ASCII strings were encoded at once): the reference the fast path must agree with.
  const reference = (content: string): unknown => {
    const s = content.trim();
    if (!s.startsWith('"')) return 'unquoted';
    const out: number[][] = [];
    let i = 0;
    while (i < s.length) {
      if (s[i] !== '"') return 'outside';
      const one: number[] = [];
      i += 1;
      for (;;) {
        if (i >= s.length) return 'open';
        const c = s[i]!;
        if (c === '"') break;
        if (c === '\\' && i + 1 < s.length) {
          if (/^[0-9]{3}/.test(s.slice(i + 1, i + 4))) {
            const value = Number(s.slice(i + 1, i + 4));
            if (value > 255) return 'escape';
            one.push(value);
            i += 4;
            continue;
          }
          const next = String.fromCodePoint(s.codePointAt(i + 1)!);
          one.push(...new TextEncoder().encode(next));
          i += 1 + next.length;
          continue;
        }
        const ch = String.fromCodePoint(s.codePointAt(i)!);
        one.push(...(ch.length === 1 && ch.charCodeAt(0) < 0x80 ? [ch.charCodeAt(0)] : txtToBytes(ch)));
        i += ch.length;
      }
      out.push(one);
      i += 1;
      while (i < s.length && (s[i] === ' ' || s[i] === '\t')) i += 1;
    }
    return out;
  };
  const ours = (content: string): unknown => {
    const parsed = parseTxtContent(content);
    if (!content.trim().startsWith('"')) return 'unquoted';
    if (!parsed.ok) return /not closed/.test(parsed.reason) ? 'open' : /outside/.test(parsed.reason) ? 'outside' : 'escape';
    return parsed.strings.map((b) => [...b]);
  };

  it('agrees with the character-by-character reading on generated content', () => {
    const unit = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...'av=spf1 ;:-_.~'.split('')) },
      fc.constantFrom('"', '\\', '\\"', '\\\\', '\\065', '\\300', '\\1', '\t', '\u0001', '\u007f', 'é', '😀', '\uDC80', '\uD800', ' '),
    );
    const text = fc.string({ unit, maxLength: 40 });
    const content = fc.oneof(
      text.map((t) => `"${t}"`),
      fc.array(text, { minLength: 1, maxLength: 4 }).map((ts) => ts.map((t) => `"${t}"`).join(' ')),
      text.map((t) => `"${t}`),
    );
    fc.assert(
      fc.property(content, (c) => {
        expect(ours(c), JSON.stringify(c)).toEqual(reference(c));
      }),
      { numRuns: 4000, seed: 11 },
    );
  });
});
