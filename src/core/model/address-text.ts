/**
 * Address text read and written without ipaddr.js, for the forms nearly every record uses: a
 * dotted quad, and IPv6 written with hex digits and colons only. ipaddr.js validated, parsed
 * and formatted each address with several regular expressions and string rewrites (over half
 * of normalizeRecord's time on a 100,000-record zone). The answers are ipaddr.js's: a test
 * compares them on generated valid and invalid text (test/core/model/address-text.test.ts).
 */

const DOT = 46;
const COLON = 58;

/**
 * True for a strict dotted quad: four decimal parts of 0-255 without leading zeros (no
 * shorthand such as `10.1`, no octal or hex). The same answer as ipaddr.js's
 * `IPv4.isValidFourPartDecimal`.
 */
export function isDottedQuad(text: string): boolean {
  const n = text.length;
  let parts = 0;
  let i = 0;
  while (i < n) {
    const start = i;
    let value = 0;
    while (i < n) {
      const c = text.charCodeAt(i) - 48;
      if (c < 0 || c > 9) break;
      value = value * 10 + c;
      i += 1;
    }
    const digits = i - start;
    if (digits === 0 || digits > 3 || value > 255 || (digits > 1 && text.charCodeAt(start) === 48)) return false;
    parts += 1;
    if (i === n) break;
    if (text.charCodeAt(i) !== DOT || parts === 4) return false;
    i += 1;
    if (i === n) return false; // a trailing dot
  }
  return parts === 4;
}

/** The value of a hex digit (either case), or -1. */
function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  const lower = c | 0x20;
  return lower >= 97 && lower <= 102 ? lower - 87 : -1;
}

/**
 * The eight groups of an IPv6 address written with hex digits (either case) and colons only:
 * one to four digits a group, at most one `::` standing for one or more zero groups. Undefined
 * for anything else, including the forms with an IPv4 suffix (`::ffff:192.0.2.1`) and zone
 * indexes, which callers leave to ipaddr.js.
 */
export function parseHexIPv6(text: string): number[] | undefined {
  const n = text.length;
  const head: number[] = [];
  let tail: number[] | undefined; // the groups after `::`, once seen
  let i = 0;
  if (n >= 2 && text.charCodeAt(0) === COLON && text.charCodeAt(1) === COLON) {
    tail = [];
    i = 2;
    if (n === 2) return [0, 0, 0, 0, 0, 0, 0, 0];
  }
  for (;;) {
    // One group, then ':' (another group follows), '::' (the gap) or the end.
    let value = 0;
    const start = i;
    while (i < n) {
      const h = hexValue(text.charCodeAt(i));
      if (h < 0) break;
      value = value * 16 + h;
      i += 1;
    }
    if (i === start || i - start > 4) return undefined;
    (tail ?? head).push(value);
    if (i === n) break;
    if (text.charCodeAt(i) !== COLON) return undefined;
    i += 1;
    if (i < n && text.charCodeAt(i) === COLON) {
      if (tail !== undefined) return undefined; // a second '::'
      tail = [];
      i += 1;
      if (i === n) break;
    } else if (i === n) {
      return undefined; // a trailing single ':'
    }
  }
  if (tail === undefined) return head.length === 8 ? head : undefined;
  const zeros = 8 - head.length - tail.length;
  if (zeros < 1) return undefined;
  for (let z = 0; z < zeros; z += 1) head.push(0);
  for (const g of tail) head.push(g);
  return head;
}

/**
 * Eight groups in the text form of RFC 5952 (section 4): lower-case hex without leading zeros,
 * the longest run of two or more zero groups written `::` (the leftmost of equally long runs),
 * a single zero group written `0`. Always hex groups, never an IPv4 suffix: ipaddr.js's
 * `toRFC5952String` writes `::ffff:192.0.2.1` as `::ffff:c000:201`, and so does this.
 */
export function formatIPv6(groups: readonly number[]): string {
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i += 1;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j += 1;
    if (j - i > bestLength) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  if (bestStart < 0) return groupsText(groups, 0, 8);
  return `${groupsText(groups, 0, bestStart)}::${groupsText(groups, bestStart + bestLength, 8)}`;
}

function groupsText(groups: readonly number[], from: number, to: number): string {
  let out = '';
  for (let i = from; i < to; i += 1) out += i === from ? groups[i].toString(16) : `:${groups[i].toString(16)}`;
  return out;
}
