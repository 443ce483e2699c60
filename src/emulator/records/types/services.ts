/**
 * SRV (RFC 2782) and the service bindings HTTPS and SVCB (RFC 9460 §2.2: priority, target,
 * SvcParams in wire form, dns/svc-params.ts). The service renders an SRV's `content` without its
 * priority (`5 5222 xmpp.emilia.codes`, caddyserver/caddy issue #6975) and an HTTPS/SVCB target
 * fully qualified (`1 . alpn="h3,h2" ipv4hint=...`, caddyserver/caddy issue #7301).
 */
import { svcParamsBytes } from '../../dns/svc-params.js';
import { nameBytes, u16 } from '../../dns/wire.js';
import { type EmulatorRecordType, fqdn, int, s } from './definition.js';
import { absoluteHost, dataFields, field } from './zone-file-text.js';

export const SRV: EmulatorRecordType = {
  code: 33,
  rdata: ({ data: d = {} }) =>
    Buffer.concat([u16(int(d, 'priority')), u16(int(d, 'weight')), u16(int(d, 'port')), nameBytes(String(d.target ?? ''))]),
  content: (d) => `${s(d.weight)} ${s(d.port)} ${s(d.target)}`,
  zoneFile: dataFields(
    ['priority', 'weight', 'port', 'target'],
    (r) => `${field(r, 'priority')} ${field(r, 'weight')} ${field(r, 'port')} ${absoluteHost(field(r, 'target'))}`,
  ),
};

const serviceBinding = (code: number): EmulatorRecordType => ({
  code,
  rdata: ({ data: d = {} }) =>
    Buffer.concat([u16(int(d, 'priority')), nameBytes(String(d.target ?? '')), svcParamsBytes(String(d.value ?? ''))]),
  content: (d) => [s(d.priority), fqdn(d.target), s(d.value)].filter((x) => x !== '').join(' '),
  zoneFile: {
    // RFC 9460 §2.1: priority, target, then the SvcParams as written (quoted values kept quoted).
    read: ({ words, tokens, host }) => ({
      data: {
        priority: Number(words[0]),
        target: host(words[1] ?? '.'),
        value: tokens
          .slice(2)
          .map((t) => (t.quoted ? `"${t.text}"` : t.text))
          .join(' '),
      },
    }),
    write: (r) => [field(r, 'priority'), absoluteHost(field(r, 'target')), field(r, 'value')].filter((x) => x !== '').join(' '),
  },
});

export const SVCB = serviceBinding(64);
export const HTTPS = serviceBinding(65);
