/** What `zonectl resolve` shows (src/app/resolve): the answer as zone file lines (stdout), the rest as `;;` comments (stderr); or one JSON document. */
import type { ResolveResult } from '../../app/resolve/index.js';
import type { ResourceRecordAnswer } from '../../core/resolve/resolve-name.js';
import { log, out } from '../output/io.js';

export const RESOLVE_FORMATS = ['text', 'json'] as const;

const line = (a: ResourceRecordAnswer): string => `${a.name}.\t${a.ttl}\tIN\t${a.type}\t${a.data}`;

export function showResolution(r: ResolveResult, format: (typeof RESOLVE_FORMATS)[number], nameServers: readonly string[]): void {
  const { name, type } = r.query;
  const result = r.resolution;
  if (format === 'json') {
    out(JSON.stringify({ query: r.query, ...result }, null, 2));
    return;
  }
  if (result.rcode !== 'NOERROR') log(`;; ${name} ${type}: ${result.rcode}`);
  else if (!result.authoritative) log(`;; ${name} ${type}: referral to the delegated servers of ${result.authority[0]?.name ?? '?'}`);
  else if (result.answer.length === 0) log(`;; ${name} ${type}: no records of that type (NODATA)`);
  for (const a of result.answer) out(line(a));
  for (const a of result.authority) log(`;; authority: ${line(a)}`);
  for (const a of result.additional) log(`;; additional: ${line(a)}`);
  if (name === r.zone && type === 'NS' && nameServers.length === 0) {
    log(';; the apex NS are the nameservers the service assigned to the zone (see its name_servers): give them with --nameservers');
  }
}
