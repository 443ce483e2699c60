/**
 * Record names, of every type: inside the zone; lengths (labels <= 63, whole <= 253); labels of
 * letters, digits, hyphens and underscores only (the service refuses names such as `a|b`, `a!b`
 * or `a"b` with error 9000); a `*` only as the whole leftmost label. A `*` anywhere else
 * (`x.*.y`, `**`, `a*`) is not a wildcard: the service stores it as a literal asterisk
 * (developers.cloudflare.com/dns/manage-dns-records/reference/wildcard-dns-records/, RFC 4592),
 * which is almost certainly a mistake: a warning (the service holds it, so zonectl does not refuse it).
 * For A, AAAA and CNAME also the host name rules of the service (a letter or digit at both ends
 * of a label; underscores outside standard underscored names, RFC 8552, are warnings). A label
 * may start with a digit: RFC 1123 §2.1 relaxed RFC 952 on exactly that ("One aspect of host name
 * syntax is hereby changed: the restriction on the first character is relaxed to allow either a
 * letter or a digit"), and the service holds such names (real zones, issue 43 item 9). No
 * warning guesses that a relative name "looks like another domain" (`docs.ai` is a name of the
 * zone as much as `docs`): no source says the service or anyone else reads it otherwise.
 */
import { HOST_NAME_RULE_TYPES } from '../../record-types/index.js';
import { isInZone } from '../../model/names.js';
import { isStandardUnderscoredLabel } from '../../model/underscored-names.js';
import type { RecordEntry, Rule, RuleContext } from './context.js';
import { MAX_LABEL, MAX_NAME } from './hostname-checks.js';
import { isZonectlRecordName, ZONECTL_RECORD_PREFIX } from '../../lock/lock-record.js';

const WILDCARD_POLICY =
  'a wildcard `*` is the whole leftmost label (`*.dev`); anywhere else the service stores it as a literal asterisk, not a wildcard, which is almost certainly a mistake';

/** Label checks every type shares: characters and the place of `*`. False when a label is refused. */
function checkLabelCharacters(ctx: RuleContext, e: RecordEntry, labels: readonly string[]): boolean {
  const at = [...e.path, 'name'];
  let ok = true;
  labels.forEach((label, i) => {
    if (label === '*' && i === 0) return;
    if (label.includes('*')) ctx.sink.warning('name.wildcard', at, `\`${label}\`: ${WILDCARD_POLICY}`);
    const bad = /[^a-z0-9_*-]/.exec(label);
    if (bad) {
      const t = e.record.type;
      const allowed = HOST_NAME_RULE_TYPES.has(t)
        ? `of ${t === 'A' || t === 'AAAA' ? 'an' : 'a'} ${t} record may contain only letters, digits and hyphens`
        : 'may contain only letters, digits, hyphens and underscores';
      ctx.sink.error(
        'name.characters',
        at,
        `label \`${label}\` ${allowed}, not ${JSON.stringify(bad[0])} (the service refuses the name with error 9000)`,
      );
      ok = false;
    }
  });
  return ok;
}

function checkHostLabels(ctx: RuleContext, e: RecordEntry, labels: readonly string[]): void {
  const at = [...e.path, 'name'];
  const t = e.record.type;
  labels.forEach((label, i) => {
    // A literal asterisk (name.wildcard warns): the host name rules are about letters, digits and hyphens.
    if ((label === '*' && i === 0) || label.includes('*')) return;
    if (label.startsWith('-')) {
      ctx.sink.error(
        'name.label-start',
        at,
        `label \`${label}\` of ${t === 'A' || t === 'AAAA' ? 'an' : 'a'} ${t} record must start with a letter (not a hyphen)`,
      );
    }
    if (!/[a-z0-9]$/.test(label)) {
      ctx.sink.error(
        'name.label-end',
        at,
        `label \`${label}\` of ${t === 'A' || t === 'AAAA' ? 'an' : 'a'} ${t} record must end with a letter or digit`,
      );
    }
    // Standard underscored names (`_domainkey`, `_acme-challenge`, ACM's `_<hex>`, `_sip._tcp`:
    // RFC 8552's registry and the common ones, model/underscored-names.ts) are what they should be.
    if (label.includes('_') && !isStandardUnderscoredLabel(labels, i)) {
      ctx.sink.warning(
        'name.underscore',
        at,
        `label \`${label}\` contains an underscore and is not a standard underscored name (RFC 8552); the service accepts it for ${t} records but discourages it`,
      );
    }
  });
}

/**
 * A relative name none of the checks below can object to (every label non-empty, at most 63
 * characters, a letter or digit at both ends, letters, digits and inner hyphens, or a leading
 * `*` label): most names of a large zone, checked with one expression.
 */
const PLAIN_NAME = /^(?:\*|[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

export const checkRecordNames: Rule = (ctx) => {
  const suffix = `.${ctx.zone}`;
  for (const e of ctx.records) {
    const fqdn = e.record.name;
    if (isZonectlRecordName(fqdn, ctx.zone)) {
      // Plans never see such records (docs/architecture.md, "Concurrent applies"): listed here, one would be re-created on every apply.
      ctx.sink.error(
        'name.reserved',
        [...e.path, 'name'],
        `names starting with \`${ZONECTL_RECORD_PREFIX}\` are zonectl's own (the apply lock); choose another name`,
      );
      continue;
    }
    if (fqdn.length <= MAX_NAME && fqdn.endsWith(suffix) && PLAIN_NAME.test(fqdn.slice(0, -suffix.length))) continue;
    const at = [...e.path, 'name'];
    if (!isInZone(fqdn, ctx.zone)) {
      ctx.sink.error(
        'name.outside-zone',
        at,
        `\`${e.raw.name}\` is not inside the zone ${ctx.zone} (a name with a trailing dot is absolute)`,
      );
      continue;
    }
    if (fqdn.length > MAX_NAME) {
      ctx.sink.error('name.too-long', at, `the full name is ${fqdn.length} characters long; at most ${MAX_NAME}`);
    }
    const relative = fqdn === ctx.zone ? '' : fqdn.slice(0, -(ctx.zone.length + 1));
    if (relative === '') continue;
    const labels = relative.split('.');
    let shapeOk = true;
    for (const label of labels) {
      if (label === '') {
        ctx.sink.error('name.empty-label', at, `\`${e.raw.name}\` has an empty label (two dots in a row, or a leading dot)`);
        shapeOk = false;
        break;
      }
      if (label.length > MAX_LABEL) {
        ctx.sink.error(
          'name.label-too-long',
          at,
          `label \`${label.slice(0, 20)}...\` is ${label.length} characters long; at most ${MAX_LABEL}`,
        );
        shapeOk = false;
      } else if (/\s/.test(label)) {
        ctx.sink.error('name.characters', at, `label \`${label}\` contains white space`);
        shapeOk = false;
      }
    }
    if (!shapeOk) continue;
    if (checkLabelCharacters(ctx, e, labels) && HOST_NAME_RULE_TYPES.has(e.record.type)) checkHostLabels(ctx, e, labels);
  }
};
