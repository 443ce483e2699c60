/**
 * SvcParams of SVCB/HTTPS records from presentation form to wire form (RFC 9460 §2.1, §7):
 * `key=value` pairs separated by spaces, values possibly quoted, sorted by key number on the wire.
 * Keys: mandatory (0), alpn (1), no-default-alpn (2), port (3), ipv4hint (4), ech (5),
 * ipv6hint (6) and `keyNNNNN`. A parameter the emulator cannot read is left out.
 */
import { parseIPv4, parseIPv6 } from '../net/ip.js';
import { u16 } from './wire.js';

const KEY_NUMBERS: Record<string, number> = { mandatory: 0, alpn: 1, 'no-default-alpn': 2, port: 3, ipv4hint: 4, ech: 5, ipv6hint: 6 };

function keyNumber(key: string): number | undefined {
  if (key in KEY_NUMBERS) return KEY_NUMBERS[key];
  const m = /^key(\d{1,5})$/.exec(key);
  return m && Number(m[1]) <= 65535 ? Number(m[1]) : undefined;
}

/** Split `a=1 b="x y" c` into [key, value] pairs (quotes removed, `\X` escapes resolved). */
function pairs(text: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  let i = 0;
  while (i < text.length) {
    while (i < text.length && text[i] === ' ') i += 1;
    if (i >= text.length) break;
    let key = '';
    while (i < text.length && text[i] !== '=' && text[i] !== ' ') key += text[i++];
    let value = '';
    if (text[i] === '=') {
      i += 1;
      let quoted = false;
      while (i < text.length && (quoted || text[i] !== ' ')) {
        const c = text[i];
        if (c === '"') quoted = !quoted;
        else if (c === '\\' && i + 1 < text.length) value += text[++i];
        else value += c;
        i += 1;
      }
    }
    out.push([key.toLowerCase(), value]);
  }
  return out;
}

function valueBytes(key: number, value: string): Buffer | undefined {
  const list = value === '' ? [] : value.split(',');
  switch (key) {
    case 0: {
      const nums = list.map(keyNumber);
      return nums.every((n) => n !== undefined) ? Buffer.concat(nums.map((n) => u16(n as number))) : undefined;
    }
    case 1:
      return Buffer.concat(list.map((id) => Buffer.concat([Buffer.from([Buffer.byteLength(id)]), Buffer.from(id)])));
    case 2:
      return Buffer.alloc(0);
    case 3:
      return /^\d+$/.test(value) && Number(value) <= 65535 ? u16(Number(value)) : undefined;
    case 4: {
      const addrs = list.map(parseIPv4);
      return addrs.every((a) => a !== undefined) ? Buffer.from(addrs.flatMap((a) => [...a!.parts])) : undefined;
    }
    case 5:
      return Buffer.from(value, 'base64');
    case 6: {
      const addrs = list.map(parseIPv6);
      if (!addrs.every((a) => a !== undefined)) return undefined;
      return Buffer.concat(addrs.flatMap((a) => a!.parts.map((p) => u16(p))));
    }
    default:
      return Buffer.from(value, 'latin1');
  }
}

/** The wire SvcParams of a presentation string. */
export function svcParamsBytes(text: string): Buffer {
  const params: Array<[number, Buffer]> = [];
  for (const [key, value] of pairs(text)) {
    const n = keyNumber(key);
    const bytes = n === undefined ? undefined : valueBytes(n, value);
    if (n !== undefined && bytes !== undefined && !params.some(([k]) => k === n)) params.push([n, bytes]);
  }
  params.sort((a, b) => a[0] - b[0]);
  return Buffer.concat(params.flatMap(([k, v]) => [u16(k), u16(v.length), v]));
}
