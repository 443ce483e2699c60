/**
 * `manage.ignore` matching (name and type globs, content glob; a preset stands for its patterns,
 * ./presets.ts), shared by the validator and the planner through the ownership door (./index.ts).
 */
import { canonicalHostname, canonicalZoneName, relativeRecordName } from '../model/names.js';
import { txtText } from '../model/txt-strings.js';
import type { IgnoreRule } from './policy.js';
import { patternsOf, type IgnorePattern as Pattern } from './presets.js';

const globCache = new Map<string, RegExp>();

function globToRegExp(glob: string): RegExp {
  let re = globCache.get(glob);
  if (re) return re;
  const body = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  re = new RegExp(`^${body}$`);
  if (globCache.size < 1000) globCache.set(glob, re);
  return re;
}

/**
 * True when `record` (canonical FQDN name) may match an ignore rule whatever its content: the
 * name glob (`*` any characters, dots included; `?` one character; case-insensitive) is tried
 * against the relative name (`@` for the apex) and the fully qualified one; `type` must be equal
 * when given. The validator asks this of records it cannot see (a rule with `content` may match).
 */
export function matchesIgnoreByName(rule: IgnoreRule, record: { name: string; type: string }, zone: string): boolean {
  return patternsOf(rule).some((p) => patternMatchesByName(p, record, zone));
}

/** A glob (`*` any characters, dots included; `?` one character) against a record name, relative (`@` for the apex) or fully qualified. */
export function matchesNameGlob(glob: string, name: string, zone: string): boolean {
  const z = canonicalZoneName(zone);
  const fqdn = canonicalHostname(name);
  const raw = glob.trim();
  const canonical = raw === '@' ? '@' : canonicalHostname(raw.replace(/\*/g, '\u0000')).replace(/\u0000/g, '*');
  const re = globToRegExp(canonical);
  return re.test(relativeRecordName(fqdn, z)) || re.test(fqdn);
}

function patternMatchesByName(rule: Pattern, record: { name: string; type: string }, zone: string): boolean {
  if (rule.type !== undefined && rule.type.toUpperCase() !== record.type.toUpperCase()) return false;
  if (rule.name === undefined) return true;
  return matchesNameGlob(rule.name, record.name, zone);
}

/** A trailing dot and letter case do not count in a content glob (`*.acm-validations.aws.` or not). */
function contentKey(text: string): string {
  return text.toLowerCase().replace(/\.$/, '');
}

/**
 * True when a live `record` matches an ignore rule: name and type as above, and `content` (a glob,
 * like DNSControl's IGNORE_TARGET) against the record's content (TXT: the unquoted text); a
 * record without content (SRV, CAA, ...: `data`) never matches a rule with `content`.
 */
export function matchesIgnore(rule: IgnoreRule, record: { name: string; type: string; content?: string }, zone: string): boolean {
  return patternsOf(rule).some((p) => patternMatches(p, record, zone));
}

function patternMatches(rule: Pattern, record: { name: string; type: string; content?: string }, zone: string): boolean {
  if (!patternMatchesByName(rule, record, zone)) return false;
  if (rule.content === undefined) return true;
  if (record.content === undefined) return false;
  // TXT content (canonical: quoted strings) is matched as its text, the strings joined.
  const content = record.type.toUpperCase() === 'TXT' ? txtText(record.content) : record.content;
  return globToRegExp(contentKey(rule.content)).test(contentKey(content));
}
