/**
 * TXT content as the service keeps it.
 * - Kept as written: the API does not add quotes to unquoted content (only the dashboard
 *   does): go-acme/lego PR #2521, caddy-dns/cloudflare issue #89 (audit log showing unquoted
 *   content stored), DNSControl issue #3172.
 * - Quoted content is one or more `"..."` strings separated by white space; anything else is
 *   inconsistent quotation (service spec, type rule 5).
 * - A quoted string longer than 255 bytes is split into 255-byte strings ("Strings exceeding
 *   this allowed maximum length are automatically split", the TXT `content` schema of the
 *   API reference, quoted in lego PR #2521). `\DDD` (RFC 1035 §5.1) counts as one byte, `\X`
 *   as X; an escape is never cut.
 * - The strings are kept as written and served as written (the schema above: content "must
 *   consist of quoted character strings"); they are never joined and re-split.
 * - Only printable ASCII: anything else is refused with 9051 "Invalid TXT record. Record may
 *   only contain printable ASCII!" (terraform-provider-cloudflare issue #9); non-ASCII text
 *   is written with `\DDD` escapes of its UTF-8 bytes.
 */

export type TxtCheck = { ok: true; stored: string } | { ok: false; problem: 'quotation' | 'not-ascii'; reason: string };

/** One byte of a quoted string, as written (a character, `\X` or `\DDD`). */
type Unit = string;

/** The quoted strings of `s` as units, or the reason the quotation is inconsistent. */
function quotedStrings(s: string): { ok: true; strings: Unit[][] } | { ok: false; reason: string } {
  const strings: Unit[][] = [];
  let i = 0;
  while (i < s.length) {
    if (s[i] !== '"') return { ok: false, reason: `text outside quotes at character ${i + 1}` };
    i += 1;
    const units: Unit[] = [];
    let closed = false;
    while (i < s.length) {
      const c = s[i];
      if (c === '"') {
        closed = true;
        i += 1;
        break;
      }
      if (c === '\\') {
        const ddd = /^\d{3}/.exec(s.slice(i + 1, i + 4));
        const len = ddd ? 4 : 2;
        if (i + len > s.length) return { ok: false, reason: 'a quoted string ends with a lone backslash' };
        units.push(s.slice(i, i + len));
        i += len;
        continue;
      }
      units.push(c);
      i += 1;
    }
    if (!closed) return { ok: false, reason: 'a quoted string is not closed' };
    strings.push(units);
    while (i < s.length && (s[i] === ' ' || s[i] === '\t')) i += 1;
  }
  return { ok: true, strings };
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Check TXT content and give the form the service stores. */
export function checkTxt(content: string): TxtCheck {
  const s = content.trim();
  if (!PRINTABLE_ASCII.test(s)) {
    return { ok: false, problem: 'not-ascii', reason: 'Invalid TXT record. Record may only contain printable ASCII!' };
  }
  if (!s.startsWith('"')) {
    if (s.endsWith('"')) return { ok: false, problem: 'quotation', reason: 'it ends with a double quote but does not start with one' };
    return { ok: true, stored: s };
  }
  const parsed = quotedStrings(s);
  if (!parsed.ok) return { ok: false, problem: 'quotation', reason: parsed.reason };
  if (parsed.strings.every((u) => u.length <= 255)) return { ok: true, stored: s };
  const parts: string[] = [];
  for (const units of parsed.strings) {
    for (let at = 0; at === 0 || at < units.length; at += 255) parts.push(`"${units.slice(at, at + 255).join('')}"`);
  }
  return { ok: true, stored: parts.join(' ') };
}

function decodeUnit(u: Unit): string {
  if (u.length === 1) return u;
  if (u.length === 4) return String.fromCharCode(Number(u.slice(1)) & 0xff);
  return u[1];
}

/**
 * The character-strings a TXT record carries on the wire, each as Latin-1 text of its bytes:
 * quoted content as written (one string each, already at most 255 bytes once stored),
 * unquoted content as one string split every 255 bytes. What the DNS server answers and what
 * identical-record checks compare: `"a" "b"` and `"ab"` are different records (RFC 1035
 * §3.3.14; DNS-SD reads one key=value pair a string, RFC 6763 §6).
 */
export function txtWireStrings(stored: string): string[] {
  if (stored.startsWith('"')) {
    const parsed = quotedStrings(stored);
    if (parsed.ok) return parsed.strings.map((units) => units.map(decodeUnit).join(''));
  }
  const out: string[] = [];
  for (let at = 0; at === 0 || at < stored.length; at += 255) out.push(stored.slice(at, at + 255));
  return out;
}

/** Bytes of the record's data on the wire (RFC 1035 §3.3.14: each string is a length byte and its bytes). */
export function txtWireSize(stored: string): number {
  return txtWireStrings(stored).reduce((n, s) => n + 1 + s.length, 0);
}
