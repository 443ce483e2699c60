/**
 * Zone structure: a wildcard at the apex answers for every name nobody defined (typos included);
 * records below a delegation are occluded: resolvers ask the delegated servers, so these are
 * never served (RFC 1034 §4.2.1; glue addresses of the delegation's own in-zone nameservers
 * excepted; a record at the delegation's own name other than DS is a validate error,
 * zonefile/rules/delegation.ts); TTLs that differ inside one RRset are
 * deprecated (RFC 2181 §5.2).
 */
import { TTL_AUTO } from '../service/ttl.js';
import { finding, type LintContext } from './finding.js';
import type { ZoneIndex } from './zone-index.js';
import type { DesiredRecord } from '../zonefile/index.js';
import type { Problem } from '../yaml/index.js';

export function lintStructure(ctx: LintContext, index: ZoneIndex): Problem[] {
  const out: Problem[] = [];
  const apexWildcard = `*.${index.zone}`;
  for (const r of index.at(apexWildcard)) {
    if (r.record.type === 'A' || r.record.type === 'AAAA' || r.record.type === 'CNAME') {
      out.push(
        finding(
          ctx,
          r,
          'name',
          'WILDCARD_APEX',
          `the wildcard ${apexWildcard} answers for every undefined name of the zone, typos included`,
          'narrow it to a subtree (*.apps) unless that is intended',
        ),
      );
      break;
    }
  }
  const glue = new Set<string>();
  for (const d of index.delegations) for (const ns of index.of(d, 'NS')) if (ns.record.content) glue.add(ns.record.content);
  for (const r of index.records) {
    const name = r.record.name;
    const under = index.delegations.find((d) => name.endsWith(`.${d}`));
    if (under === undefined) continue;
    if ((r.record.type === 'A' || r.record.type === 'AAAA') && glue.has(name)) continue;
    out.push(
      finding(
        ctx,
        r,
        'name',
        'OCCLUDED',
        `${name} ${r.record.type} is under the delegation of ${under} (NS): resolvers ask the delegated servers and never see it`,
        `move it into the delegated zone or remove the delegation`,
      ),
    );
  }
  const groups = new Map<string, DesiredRecord[]>();
  for (const r of index.records) {
    if (r.record.proxied) continue;
    const key = `${r.record.name} ${r.record.type}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  for (const [key, rs] of groups) {
    const ttls = [...new Set(rs.map((r) => r.record.ttl))];
    if (ttls.length < 2) continue;
    const show = (t: number): string => (t === TTL_AUTO ? 'auto' : String(t));
    out.push(
      finding(
        ctx,
        rs[1],
        'ttl',
        'RRSET_TTL',
        `${key} has records with different TTLs (${ttls.map(show).join(', ')}); an RRset has one TTL (RFC 2181 §5.2)`,
        'give them the same ttl',
      ),
    );
  }
  return out;
}
