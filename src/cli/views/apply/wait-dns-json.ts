/**
 * `apply --format json --wait-dns`: a zone's `wait_dns` member, what its nameservers served by
 * the end of the wait (src/app/wait-dns). Names and answers come from zone files and
 * nameservers; JSON.stringify escapes them, the document is the one thing on stdout.
 */
import type { WaitDnsResult } from '../../../app/wait-dns/index.js';

interface JsonCheck {
  readonly name: string;
  readonly type: string;
}

export type JsonWaitDns =
  | { readonly status: 'served'; readonly servers: readonly string[]; readonly skipped: readonly (JsonCheck & { reason: string })[] }
  | { readonly status: 'nothing'; readonly reason: string; readonly skipped: readonly (JsonCheck & { reason: string })[] }
  | {
      readonly status: 'not-served' | 'unreachable' | 'stopped';
      readonly not_served: readonly {
        readonly server: string;
        readonly address?: string;
        readonly unresolved?: string;
        readonly unreachable?: string;
        readonly checks: readonly (JsonCheck & { why: string })[];
      }[];
      readonly skipped: readonly (JsonCheck & { reason: string })[];
    };

export function waitDnsJson(result: WaitDnsResult): JsonWaitDns {
  const skipped = result.skipped.map((s) => ({ name: s.name, type: s.type, reason: s.reason }));
  if (result.status === 'served') return { status: 'served', servers: [...result.servers], skipped };
  if (result.status === 'nothing') return { status: 'nothing', reason: result.reason, skipped };
  return {
    status: result.status,
    not_served: result.notServed.map((n) => ({
      server: n.server,
      ...(n.address !== undefined ? { address: n.address } : {}),
      ...(n.unresolved !== undefined ? { unresolved: n.unresolved } : {}),
      ...(n.unreachable !== undefined ? { unreachable: n.unreachable } : {}),
      checks: n.checks.map((c) => ({ name: c.name, type: c.type, why: c.why })),
    })),
    skipped,
  };
}
