/**
 * The one rule of every output (src/core/text/printable.ts, issue 39 item 10): characters that
 * are not shown as themselves become visible escapes, JSON's own. Checked on the characters the
 * issue names, on what must stay as it is, and, code point by code point, against the copy of the
 * rule in scripts/github-drift-issues.mjs (plain JavaScript that cannot import this module).
 */
import { describe, expect, it } from 'vitest';
import { printable, printableLines } from '../../../src/core/text/index.js';
// @ts-expect-error: a plain .mjs script without type declarations
import { printable as scriptPrintable } from '../../../scripts/github-drift-issues.mjs';

describe('printable', () => {
  it.each([
    ['\u200b', '\\u200b', 'ZERO WIDTH SPACE'],
    ['\u200c', '\\u200c', 'ZERO WIDTH NON-JOINER'],
    ['\u200d', '\\u200d', 'ZERO WIDTH JOINER'],
    ['\u2060', '\\u2060', 'WORD JOINER'],
    ['\ufeff', '\\ufeff', 'ZERO WIDTH NO-BREAK SPACE'],
    ['\u061c', '\\u061c', 'ARABIC LETTER MARK'],
    ['\u00ad', '\\u00ad', 'SOFT HYPHEN'],
    ['\u034f', '\\u034f', 'COMBINING GRAPHEME JOINER'],
    ['\u115f', '\\u115f', 'HANGUL CHOSEONG FILLER'],
    ['\u3164', '\\u3164', 'HANGUL FILLER'],
    ['\u180e', '\\u180e', 'MONGOLIAN VOWEL SEPARATOR'],
    ['\ufe0f', '\\ufe0f', 'VARIATION SELECTOR-16'],
    ['\u{e0041}', '\\udb40\\udc41', 'TAG LATIN CAPITAL LETTER A'],
    ['\u{e007f}', '\\udb40\\udc7f', 'CANCEL TAG'],
    ['\u{e0100}', '\\udb40\\udd00', 'VARIATION SELECTOR-17'],
    ['\u0085', '\\u0085', 'NEXT LINE'],
    ['\u202e', '\\u202e', 'RIGHT-TO-LEFT OVERRIDE'],
    ['\u2066', '\\u2066', 'LEFT-TO-RIGHT ISOLATE'],
    ['\u2069', '\\u2069', 'POP DIRECTIONAL ISOLATE'],
    ['\u200f', '\\u200f', 'RIGHT-TO-LEFT MARK'],
    ['\u2028', '\\u2028', 'LINE SEPARATOR'],
    ['\u2029', '\\u2029', 'PARAGRAPH SEPARATOR'],
    ['\ufff9', '\\ufff9', 'INTERLINEAR ANNOTATION ANCHOR'],
    ['\u001b', '\\u001b', 'ESCAPE'],
    ['\u007f', '\\u007f', 'DELETE'],
    ['\u009b', '\\u009b', 'CONTROL SEQUENCE INTRODUCER'],
    ['\ud800', '\\ud800', 'a lone high surrogate'],
    ['\udc41', '\\udc41', 'a lone low surrogate'],
  ])('%j is shown as %s (%s)', (c, shown) => {
    expect(printable(`a${c}b`)).toBe(`a${shown}b`);
    expect(printableLines(`a${c}b`)).toBe(`a${shown}b`);
  });

  it('leaves visible text alone: letters of every script, emoji, spaces, private use', () => {
    for (const text of ['approved', 'déjà vu', 'مرحبا', 'שלום', '日本語', 'x\u00a0y', '\u{1f600}', 'Ω≈ç√', '\ue000']) {
      expect(printable(text)).toBe(text);
      expect(printableLines(text)).toBe(text);
    }
  });

  it('the escapes are JSON: the escaped text, read as a JSON string, is the original', () => {
    const text = `a\u200b\u{e0041}\u202e\n\t\u0000\ud800z`;
    expect(JSON.parse(`"${printable(text)}"`)).toBe(text);
  });

  it('printableLines keeps line feeds and tabs (the text layout), printable escapes them', () => {
    expect(printableLines('a\tb\nc\u200bd')).toBe('a\tb\nc\\u200bd');
    expect(printable('a\tb\nc\rd')).toBe('a\\tb\\nc\\rd');
  });

  it('scripts/github-drift-issues.mjs applies the same rule, on every code point', () => {
    const differ: string[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp += 1) {
      const c = String.fromCodePoint(cp);
      if ((scriptPrintable as (t: string) => string)(c) !== printable(c)) differ.push(cp.toString(16));
    }
    expect(differ).toEqual([]);
  });
});
