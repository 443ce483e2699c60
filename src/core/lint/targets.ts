/**
 * Targets that break mail and the web: an MX or NS target that is a CNAME (RFC 2181 §10.3: it
 * MUST be a name with address records), an in-zone MX/NS/SRV target that this file does not
 * define (mail or service traffic goes nowhere), and in-zone CNAME targets that do not exist (a
 * dangling CNAME: the service answers NODATA when it flattens it,
 * developers.cloudflare.com/dns/cname-flattening). Which types have a target, where it is and
 * whether it may be an alias: each type's `followedTarget` (src/core/record-types).
 */
import { definitionOf } from '../record-types/index.js';
import { finding, type LintContext } from './finding.js';
import type { ZoneIndex } from './zone-index.js';
import type { DesiredRecord } from '../zonefile/index.js';
import type { Problem } from '../yaml/index.js';

/** The host name the record sends clients on to, where its type has one (MX, NS, CNAME content; SRV target: src/core/record-types). */
function targetOf(r: DesiredRecord): { target: string; field: string; notAlias: boolean } | undefined {
  const rec = r.record;
  const followed = definitionOf(rec.type).followedTarget;
  if (followed === undefined) return undefined;
  const target = followed.field === 'content' ? rec.content : rec.data?.[followed.field.slice('data.'.length)];
  return typeof target === 'string' ? { target, field: followed.field, notAlias: followed.notAlias === true } : undefined;
}

export function lintTargets(ctx: LintContext, index: ZoneIndex): Problem[] {
  const out: Problem[] = [];
  for (const r of index.records) {
    const t = targetOf(r);
    if (t === undefined || t.target === '.' || t.target === '') continue;
    const type = r.record.type;
    if (t.notAlias && index.of(t.target, 'CNAME').length > 0) {
      out.push(
        finding(
          ctx,
          r,
          t.field,
          'TARGET_IS_CNAME',
          `the ${type} target ${t.target} is a CNAME; ${type} targets must have their own address records (RFC 2181 §10.3)`,
          `point the ${type} at the name the CNAME targets`,
        ),
      );
      continue;
    }
    if (!index.inZone(t.target) || index.exists(t.target)) continue;
    if (type === 'CNAME') {
      out.push(
        finding(
          ctx,
          r,
          t.field,
          'CNAME_DANGLING',
          `the CNAME target ${t.target} is in this zone but has no records in this file: it answers NODATA`,
          'add the target records or fix the target',
        ),
      );
    } else {
      out.push(
        finding(
          ctx,
          r,
          t.field,
          'TARGET_MISSING',
          `the ${type} target ${t.target} is in this zone but has no records in this file`,
          `add A/AAAA records for ${t.target} or fix the target`,
        ),
      );
    }
  }
  return out;
}
