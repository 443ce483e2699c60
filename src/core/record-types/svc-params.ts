/**
 * SvcParams of HTTPS and SVCB records (`data.value`), compared in one canonical presentation
 * (RFC 9460 §2.1): single spaces, no leading or trailing space, keys in the order of their
 * numbers (mandatory=0, alpn=1, no-default-alpn=2, port=3, ipv4hint=4, ech=5, ipv6hint=6,
 * then keyNNNN by number), every value written quoted, a key without a value written bare.
 *
 * So `alpn=h2`, ` alpn="h2"` and `alpn="h2"  ` compare equal, and a value the service returns
 * in another order or quoting (`1 . alpn="h3,h2" ipv4hint="…"`, caddyserver/caddy#7301) does
 * not become a perpetual diff. `no-default-alpn=""` and `no-default-alpn` are one key with an
 * empty value (DNSControl/dnscontrol#3814).
 */

/** RFC 9460 §14.3.2 registry: key name -> number. */
const KEY_NUMBERS: Readonly<Record<string, number>> = {
  mandatory: 0,
  alpn: 1,
  'no-default-alpn': 2,
  port: 3,
  ipv4hint: 4,
  ech: 5,
  ipv6hint: 6,
};

/** Key names by number (`key65535` style for the others). */
export const SVC_KEY_NAMES: readonly string[] = Object.keys(KEY_NUMBERS).sort((a, b) => KEY_NUMBERS[a] - KEY_NUMBERS[b]);

function keyNumber(key: string): number {
  const known = KEY_NUMBERS[key];
  if (known !== undefined) return known;
  const m = /^key(\d{1,5})$/.exec(key);
  return m ? Number(m[1]) : Number.POSITIVE_INFINITY;
}

interface SvcParam {
  readonly key: string;
  /** Unquoted value; undefined for a key written without `=`. */
  readonly value: string | undefined;
}

/** Split a presentation string into params; undefined when it is not well formed. */
export function parseSvcParams(input: string): SvcParam[] | undefined {
  const params: SvcParam[] = [];
  const s = input.trim();
  let i = 0;
  while (i < s.length) {
    while (i < s.length && /\s/.test(s[i]!)) i += 1;
    if (i >= s.length) break;
    const keyStart = i;
    while (i < s.length && s[i] !== '=' && !/\s/.test(s[i]!)) i += 1;
    const key = s.slice(keyStart, i).toLowerCase();
    if (key === '') return undefined;
    if (s[i] !== '=') {
      params.push({ key, value: undefined });
      continue;
    }
    i += 1;
    let value = '';
    if (s[i] === '"') {
      i += 1;
      let closed = false;
      while (i < s.length) {
        if (s[i] === '\\' && i + 1 < s.length) {
          value += s.slice(i, i + 2);
          i += 2;
          continue;
        }
        if (s[i] === '"') {
          closed = true;
          i += 1;
          break;
        }
        value += s[i];
        i += 1;
      }
      if (!closed) return undefined;
    } else {
      while (i < s.length && !/\s/.test(s[i]!)) {
        if (s[i] === '\\') {
          // An escape pair as it is; a backslash that ends the text is itself escaped.
          value += i + 1 < s.length ? s.slice(i, i + 2) : '\\\\';
          i += 2;
          continue;
        }
        // A quote inside an unquoted value is written escaped, so that the quoted form reads back the same.
        value += s[i] === '"' ? '\\"' : s[i];
        i += 1;
      }
    }
    params.push({ key, value });
  }
  return params;
}

/** The canonical presentation of SvcParams; input that does not parse is returned trimmed. */
export function canonicalSvcParams(input: string): string {
  const params = parseSvcParams(input);
  if (params === undefined) return input.trim();
  return [...params]
    .sort((a, b) => keyNumber(a.key) - keyNumber(b.key) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((p) => (p.value === undefined || p.value === '' ? p.key : `${p.key}="${p.value}"`))
    .join(' ');
}
