/**
 * SPF (RFC 7208): syntax of each `v=spf1` record (§4.6, §5, §6), one SPF record per name (§4.5:
 * two are a permerror), the limit of 10 terms that cause DNS lookups (§4.6.4: include, a, mx,
 * ptr, exists, redirect), counted through `include:`/`redirect=` targets in this zone, while an
 * out-of-zone include counts as at least one and is named; `+all`/`?all` pass everyone (§5.1
 * and §8.1); `ptr` SHOULD NOT be used (§5.5).
 */
import { txtText } from '../model/txt-strings.js';
import { finding, type LintContext } from './finding.js';
import type { ZoneIndex } from './zone-index.js';
import type { DesiredRecord } from '../zonefile/index.js';
import type { Problem } from '../yaml/index.js';

const LOOKUP_LIMIT = 10;
const MECHANISMS = new Set(['all', 'include', 'a', 'mx', 'ptr', 'ip4', 'ip6', 'exists']);
const LOOKUP_TERMS = new Set(['include', 'a', 'mx', 'ptr', 'exists', 'redirect']);

export function isSpf(text: string): boolean {
  return /^v=spf1(\s|$)/i.test(text);
}

interface Term {
  readonly qualifier: string;
  readonly name: string;
  readonly value?: string;
  readonly modifier: boolean;
  readonly raw: string;
}

/** Terms of an SPF record, or the first term that is not valid. */
export function parseSpf(text: string): { terms: Term[] } | { error: string } {
  const terms: Term[] = [];
  for (const raw of text.trim().split(/\s+/).slice(1)) {
    const modifier = /^([a-z][a-z0-9._-]*)=(.*)$/i.exec(raw);
    if (modifier) {
      terms.push({ qualifier: '', name: modifier[1].toLowerCase(), value: modifier[2], modifier: true, raw });
      continue;
    }
    const m = /^([+\-~?]?)([a-z0-9]+)(?::([^/]*))?(\/\/?\d+(?:\/\/\d+)?)?$/i.exec(raw);
    if (!m || !MECHANISMS.has(m[2].toLowerCase())) return { error: `"${raw}" is not an SPF mechanism or modifier` };
    const name = m[2].toLowerCase();
    const value = m[3];
    if ((name === 'include' || name === 'exists') && (value === undefined || value === ''))
      return { error: `"${raw}" needs a domain (${name}:domain)` };
    if (name === 'ip4' && (value === undefined || !/^\d{1,3}(\.\d{1,3}){3}$/.test(value)))
      return { error: `"${raw}" needs an IPv4 address (ip4:192.0.2.0/24)` };
    if (name === 'ip6' && (value === undefined || !value.includes(':')))
      return { error: `"${raw}" needs an IPv6 address (ip6:2001:db8::/32)` };
    if (name === 'all' && (value !== undefined || m[4] !== undefined)) return { error: `"${raw}": all takes no argument` };
    terms.push({ qualifier: m[1], name, ...(value !== undefined ? { value } : {}), modifier: false, raw });
  }
  return { terms };
}

function domainOf(value: string | undefined): string | undefined {
  if (value === undefined || value.includes('%{')) return undefined;
  return value.toLowerCase().replace(/\.$/, '');
}

interface LookupCount {
  count: number;
  external: string[];
}

/** Lookups of the SPF record at `name` in this zone, following in-zone include/redirect. */
function countLookups(index: ZoneIndex, text: string, seen: Set<string>): LookupCount {
  const parsed = parseSpf(text);
  const result: LookupCount = { count: 0, external: [] };
  if ('error' in parsed) return result;
  const hasAll = parsed.terms.some((t) => !t.modifier && t.name === 'all');
  for (const term of parsed.terms) {
    if (!LOOKUP_TERMS.has(term.name) || (term.modifier && term.name !== 'redirect')) continue;
    if (term.name === 'redirect' && hasAll) continue; // §6.1: ignored when the record has "all"
    result.count += 1;
    if (term.name !== 'include' && term.name !== 'redirect') continue;
    const target = domainOf(term.value);
    if (target === undefined) continue;
    if (!index.inZone(target)) {
      result.external.push(target);
      continue;
    }
    if (seen.has(target)) continue;
    seen.add(target);
    for (const r of index.of(target, 'TXT')) {
      const inner = txtText(r.record.content ?? '');
      if (!isSpf(inner)) continue;
      const sub = countLookups(index, inner, seen);
      result.count += sub.count;
      result.external.push(...sub.external);
    }
  }
  return result;
}

export function lintSpf(ctx: LintContext, index: ZoneIndex): Problem[] {
  const out: Problem[] = [];
  const byName = new Map<string, DesiredRecord[]>();
  for (const r of index.records) {
    if (r.record.type !== 'TXT' || !isSpf(txtText(r.record.content ?? ''))) continue;
    byName.set(r.record.name, [...(byName.get(r.record.name) ?? []), r]);
  }
  for (const [name, records] of byName) {
    if (records.length > 1) {
      out.push(
        finding(
          ctx,
          records[1],
          'content',
          'SPF_MULTIPLE',
          `${name} has ${records.length} SPF records: receivers treat that as a permanent error (RFC 7208 §4.5)`,
          'merge them into one v=spf1 record',
        ),
      );
    }
    for (const r of records) {
      const text = txtText(r.record.content ?? '');
      const parsed = parseSpf(text);
      if ('error' in parsed) {
        out.push(finding(ctx, r, 'content', 'SPF_SYNTAX', `SPF syntax: ${parsed.error} (RFC 7208 §5)`, 'correct the term'));
        continue;
      }
      const all = parsed.terms.find((t) => !t.modifier && t.name === 'all');
      if (all && (all.qualifier === '+' || all.qualifier === '' || all.qualifier === '?')) {
        out.push(
          finding(
            ctx,
            r,
            'content',
            'SPF_PERMISSIVE_ALL',
            `"${all.raw}" lets any server send mail as ${name} (RFC 7208 §5.1)`,
            'end with "-all" or "~all"',
          ),
        );
      }
      if (parsed.terms.some((t) => !t.modifier && t.name === 'ptr')) {
        out.push(
          finding(
            ctx,
            r,
            'content',
            'SPF_PTR',
            'the ptr mechanism is slow and unreliable and SHOULD NOT be used (RFC 7208 §5.5)',
            'list the senders with ip4:/ip6: or a:',
          ),
        );
      }
      const { count, external } = countLookups(index, text, new Set([name]));
      if (count > LOOKUP_LIMIT) {
        const outside =
          external.length > 0 ? `; out-of-zone includes counted as one lookup each, at least: ${[...new Set(external)].join(', ')}` : '';
        out.push(
          finding(
            ctx,
            r,
            'content',
            'SPF_LOOKUPS',
            `SPF for ${name} needs ${count} DNS lookups, over the limit of ${LOOKUP_LIMIT} (RFC 7208 §4.6.4)${outside}`,
            'flatten includes into ip4:/ip6: terms or drop unused ones',
          ),
        );
      }
    }
  }
  return out;
}
