/**
 * HTTPS and SVCB (RFC 9460): everything zonectl knows of the two service binding types, their
 * fields, canonical form, presentation both ways and their wire form; their SvcParams are
 * svc-params.ts.
 */
import { dataFields, fqdn, text } from './fields.js';
import type { DataTypeDefinition } from './definition.js';
import { absoluteName, readAs, readFailure, unsigned } from './presentation.js';
import { canonicalSvcParams, SVC_KEY_NAMES } from './svc-params.js';
import { base64, bytesOf, ipv6Text, quoteWire, u16, wireName } from './wire.js';

const svcKeyName = (key: number): string => SVC_KEY_NAMES[key] ?? `key${key}`;

/** An answer's SVCB/HTTPS RDATA (RFC 9460 §2.2: priority, uncompressed target, then key, length, value) in presentation form. */
function serviceBindingAnswer(b: Uint8Array): string {
  const priority = u16(b, 0);
  const { name, next } = wireName(b, 2);
  const params: string[] = [];
  for (let i = next; i < b.length; ) {
    const key = u16(b, i);
    const len = u16(b, i + 2);
    const v = b.subarray(i + 4, i + 4 + len);
    i += 4 + len;
    const list = (step: number, f: (x: Uint8Array) => string): string => {
      const out: string[] = [];
      for (let j = 0; j < v.length; j += step) out.push(f(v.subarray(j, j + step)));
      return out.join(',');
    };
    if (key === 0) params.push(`mandatory=${list(2, (x) => svcKeyName(u16(x, 0)))}`);
    else if (key === 1) {
      const ids: string[] = [];
      for (let j = 0; j < v.length; j += 1 + v[j]) ids.push(String.fromCharCode(...v.subarray(j + 1, j + 1 + v[j])));
      params.push(`alpn="${ids.join(',')}"`);
    } else if (key === 2) params.push('no-default-alpn');
    else if (key === 3) params.push(`port=${u16(v, 0)}`);
    else if (key === 4) params.push(`ipv4hint=${list(4, (x) => [...x].join('.'))}`);
    else if (key === 5) params.push(`ech=${base64(v)}`);
    else if (key === 6) params.push(`ipv6hint=${list(16, ipv6Text)}`);
    else params.push(`${svcKeyName(key)}=${quoteWire(v)}`);
  }
  return [String(priority), name, ...params].join(' ');
}

/**
 * HTTPS, SVCB (RFC 9460): priority, target, SvcParams (compared in their canonical
 * presentation, svc-params.ts; empty for none). The service answers the target absolute
 * (`1 . alpn="h3,h2"`, caddyserver/caddy#7301).
 */
function serviceBindingType(type: 'HTTPS' | 'SVCB', code: number): DataTypeDefinition {
  return {
    type,
    kind: 'data',
    wire: { code, presentAnswer: (rdata) => serviceBindingAnswer(bytesOf(rdata)) },
    fields: dataFields(type, { mayBeEmpty: ['value'] }),
    canonicalText: { value: canonicalSvcParams },
    renderContent: (d) => [text(d.priority), fqdn(d.target), text(d.value)].filter((x) => x !== '').join(' '),
    present: (d) => [text(d.priority), absoluteName(text(d.target)), text(d.value).trim()].filter((x) => x !== '').join(' '),
    read: ({ words, tokens, host }) => {
      const priority = unsigned(words[0]);
      if (priority === undefined || words.length < 2) return readFailure(`${type} needs "priority target [params]"`);
      const value = tokens
        .slice(2)
        .map((t) => t.raw)
        .join(' ');
      return readAs({ data: { priority, target: host(words[1]), value } });
    },
  };
}

/** HTTPS (RFC 9460 §9): a service binding for HTTP origins; type 65. */
export const HTTPS = serviceBindingType('HTTPS', 65);
/** SVCB (RFC 9460 §2): a service binding; type 64. */
export const SVCB = serviceBindingType('SVCB', 64);
