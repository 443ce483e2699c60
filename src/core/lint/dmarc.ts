/**
 * DMARC (RFC 7489): a TXT record at `_dmarc.<name>` starting with `v=DMARC1` (§6.4: v first, then
 * tag=value pairs), `p=` none|quarantine|reject present (§6.3; without it the record is only
 * valid as a report request, §6.6.3), `sp` likewise, `adkim`/`aspf` r|s, `pct` 0..100, and
 * `rua`/`ruf` a comma-separated list of URIs (mailto: with an address, optionally `!size`).
 */
import { txtText } from '../model/txt-strings.js';
import { finding, type LintContext } from './finding.js';
import { parseTagList, tagValue } from './tag-list.js';
import type { ZoneIndex } from './zone-index.js';
import type { Problem } from '../yaml/index.js';

const KNOWN_TAGS = new Set(['v', 'p', 'sp', 'rua', 'ruf', 'adkim', 'aspf', 'pct', 'fo', 'rf', 'ri', 'np', 'psd', 't']);
const POLICIES = new Set(['none', 'quarantine', 'reject']);

function badUri(uri: string): boolean {
  const u = uri.trim().replace(/!\d+[kmgt]?$/i, '');
  if (/^mailto:/i.test(u)) return !/^mailto:[^@\s,;]+@[^@\s,;]+\.[^@\s,;]+$/i.test(u);
  return !/^[a-z][a-z0-9+.-]*:\S+$/i.test(u);
}

export function lintDmarc(ctx: LintContext, index: ZoneIndex): Problem[] {
  const out: Problem[] = [];
  for (const r of index.records) {
    if (r.record.type !== 'TXT' || !r.record.name.startsWith('_dmarc.')) continue;
    const text = txtText(r.record.content ?? '').trim();
    if (!/^v\s*=\s*DMARC1\s*(;|$)/.test(text)) {
      out.push(
        finding(
          ctx,
          r,
          'content',
          'DMARC_NOT_DMARC',
          `the TXT record at ${r.record.name} does not start with "v=DMARC1" and is ignored by receivers (RFC 7489 §6.4)`,
          'start it with "v=DMARC1;"',
        ),
      );
      continue;
    }
    const list = parseTagList(text);
    if (list.error !== undefined) {
      out.push(
        finding(ctx, r, 'content', 'DMARC_SYNTAX', `DMARC syntax: ${list.error} (RFC 7489 §6.4)`, 'write tag=value pairs separated by ";"'),
      );
      continue;
    }
    const unknown = list.tags.map((t) => t.name).filter((n) => !KNOWN_TAGS.has(n));
    if (unknown.length > 0)
      out.push(
        finding(
          ctx,
          r,
          'content',
          'DMARC_SYNTAX',
          `unknown DMARC tag(s) ${unknown.join(', ')} are ignored (RFC 7489 §6.3)`,
          'check the spelling',
        ),
      );
    const p = tagValue(list, 'p');
    if (p === undefined)
      out.push(
        finding(
          ctx,
          r,
          'content',
          'DMARC_POLICY',
          `the DMARC record at ${r.record.name} has no p= policy (RFC 7489 §6.3)`,
          'add "p=none" (monitor), "p=quarantine" or "p=reject"',
        ),
      );
    for (const tag of ['p', 'sp', 'np']) {
      const v = tagValue(list, tag);
      if (v !== undefined && !POLICIES.has(v.toLowerCase()))
        out.push(
          finding(
            ctx,
            r,
            'content',
            'DMARC_POLICY',
            `${tag}=${v} is not none, quarantine or reject (RFC 7489 §6.3)`,
            `set ${tag}= to none, quarantine or reject`,
          ),
        );
    }
    for (const tag of ['adkim', 'aspf']) {
      const v = tagValue(list, tag);
      if (v !== undefined && !/^[rs]$/i.test(v))
        out.push(
          finding(
            ctx,
            r,
            'content',
            'DMARC_SYNTAX',
            `${tag}=${v} is not r or s (RFC 7489 §6.3)`,
            `set ${tag}=r (relaxed) or ${tag}=s (strict)`,
          ),
        );
    }
    const pct = tagValue(list, 'pct');
    if (pct !== undefined && !(/^\d{1,3}$/.test(pct) && Number(pct) <= 100))
      out.push(finding(ctx, r, 'content', 'DMARC_SYNTAX', `pct=${pct} is not 0..100 (RFC 7489 §6.3)`, 'give a whole percentage'));
    for (const tag of ['rua', 'ruf']) {
      const v = tagValue(list, tag);
      if (v === undefined) continue;
      const bad = v.split(',').filter(badUri);
      if (bad.length > 0)
        out.push(
          finding(
            ctx,
            r,
            'content',
            'DMARC_URI',
            `${tag} has URIs that are not well-formed: ${bad.map((b) => b.trim()).join(', ')} (RFC 7489 §6.2)`,
            'write mailto:address@domain, comma-separated',
          ),
        );
    }
  }
  return out;
}
