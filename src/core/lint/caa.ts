/**
 * CAA (RFC 8659): known property tags (issue, issuewild, iodef; issuemail, RFC 9495;
 * contactemail and contactphone, CA/Browser Forum Baseline Requirements 3.2.2.4.13-14; issuevmc,
 * the VMC requirements), flags 0 or 128 (only the critical bit is defined, §4.1), issue and
 * issuewild values `[domain] [; name=value]*` (§4.2), iodef a mailto: or http(s) URL (§4.4).
 */
import { finding, type LintContext } from './finding.js';
import type { ZoneIndex } from './zone-index.js';
import type { Problem } from '../yaml/index.js';

const KNOWN = new Set(['issue', 'issuewild', 'iodef', 'issuemail', 'issuevmc', 'contactemail', 'contactphone']);
const DOMAIN = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/i;

function issuerProblem(value: string): string | undefined {
  const [issuer, ...params] = value.split(';');
  const name = issuer.trim();
  if (name !== '' && !DOMAIN.test(name)) return `"${name}" is not a CA domain name`;
  for (const p of params) {
    if (p.trim() === '') continue;
    if (!/^\s*[a-z0-9]+=[\x21-\x3a\x3c-\x7e]*\s*$/i.test(p)) return `"${p.trim()}" is not a name=value parameter`;
  }
  return undefined;
}

export function lintCaa(ctx: LintContext, index: ZoneIndex): Problem[] {
  const out: Problem[] = [];
  for (const r of index.records) {
    if (r.record.type !== 'CAA' || r.record.data === undefined) continue;
    const tag = String(r.record.data.tag ?? '').toLowerCase();
    const value = String(r.record.data.value ?? '');
    const flags = Number(r.record.data.flags ?? 0);
    if (flags !== 0 && flags !== 128)
      out.push(
        finding(ctx, r, 'data.flags', 'CAA_FLAGS', `flags ${flags}: only 0 and 128 (critical) are defined (RFC 8659 §4.1)`, 'use 0'),
      );
    if (!KNOWN.has(tag)) {
      out.push(
        finding(
          ctx,
          r,
          'data.tag',
          'CAA_TAG',
          `"${tag}" is not a known CAA property (issue, issuewild, iodef, issuemail, ...)${flags === 128 ? '; with the critical flag, CAs must refuse to issue' : ''}`,
          'check the spelling',
        ),
      );
      continue;
    }
    if (tag === 'issue' || tag === 'issuewild' || tag === 'issuemail' || tag === 'issuevmc') {
      const why = issuerProblem(value);
      if (why !== undefined)
        out.push(
          finding(
            ctx,
            r,
            'data.value',
            'CAA_VALUE',
            `${tag} value: ${why} (RFC 8659 §4.2)`,
            'write the CA domain, e.g. "letsencrypt.org", or ";" to forbid issuance',
          ),
        );
    }
    if (tag === 'iodef' && !/^(mailto:[^@\s]+@[^@\s]+|https?:\/\/\S+)$/i.test(value)) {
      out.push(
        finding(
          ctx,
          r,
          'data.value',
          'CAA_VALUE',
          `iodef value "${value}" is not a mailto: or http(s) URL (RFC 8659 §4.4)`,
          'write mailto:security@example.com',
        ),
      );
    }
  }
  return out;
}
