/**
 * Record names: inside the zone; lengths (labels <= 63, whole <= 253); and for A, AAAA and CNAME
 * the host name rules of the service (letters, digits, hyphens, ending with a letter or digit,
 * a leading `*` label allowed; underscores and digit-first labels are warnings).
 */
import { HOST_NAME_RULE_TYPES } from '../../model/record-types.js';
import { isInZone } from '../../model/names.js';
import type { RecordEntry, Rule, RuleContext } from './context.js';
import { MAX_LABEL, MAX_NAME } from './hostname-checks.js';

function checkHostLabels(ctx: RuleContext, e: RecordEntry, labels: readonly string[]): void {
  const at = [...e.path, 'name'];
  const t = e.record.type;
  labels.forEach((label, i) => {
    if (label === '*' && i === 0) return;
    if (label.includes('*')) {
      ctx.sink.error('name.wildcard', at, `\`${label}\`: a wildcard \`*\` must be the whole leftmost label (e.g. \`*.dev\`)`);
      return;
    }
    if (!/^[a-z0-9_-]+$/.test(label)) {
      ctx.sink.error('name.characters', at, `label \`${label}\` of ${t === 'A' || t === 'AAAA' ? 'an' : 'a'} ${t} record may contain only letters, digits and hyphens`);
      return;
    }
    if (label.startsWith('-')) {
      ctx.sink.error('name.label-start', at, `label \`${label}\` of ${t === 'A' || t === 'AAAA' ? 'an' : 'a'} ${t} record must start with a letter (not a hyphen)`);
    } else if (/^[0-9]/.test(label)) {
      ctx.sink.warning('name.digit-first', at, `label \`${label}\` starts with a digit; the service asks for a letter first`);
    }
    if (!/[a-z0-9]$/.test(label)) {
      ctx.sink.error('name.label-end', at, `label \`${label}\` of ${t === 'A' || t === 'AAAA' ? 'an' : 'a'} ${t} record must end with a letter or digit`);
    }
    if (label.includes('_')) {
      ctx.sink.warning('name.underscore', at, `label \`${label}\` contains an underscore; the service accepts it for ${t} records but discourages it`);
    }
  });
}

/**
 * A relative name none of the checks below can object to (every label non-empty, at most 63
 * characters, a letter first, letters, digits and inner hyphens, or a leading `*` label):
 * most names of a large zone, checked with one expression.
 */
const PLAIN_NAME = /^(?:\*|[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

export const checkRecordNames: Rule = (ctx) => {
  const suffix = `.${ctx.zone}`;
  for (const e of ctx.records) {
    const fqdn = e.record.name;
    if (fqdn.length <= MAX_NAME && fqdn.endsWith(suffix) && PLAIN_NAME.test(fqdn.slice(0, -suffix.length))) continue;
    const at = [...e.path, 'name'];
    if (!isInZone(fqdn, ctx.zone)) {
      ctx.sink.error('name.outside-zone', at, `\`${e.raw.name}\` is not inside the zone ${ctx.zone} (a name with a trailing dot is absolute)`);
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
        ctx.sink.error('name.label-too-long', at, `label \`${label.slice(0, 20)}...\` is ${label.length} characters long; at most ${MAX_LABEL}`);
        shapeOk = false;
      } else if (/\s/.test(label)) {
        ctx.sink.error('name.characters', at, `label \`${label}\` contains white space`);
        shapeOk = false;
      }
    }
    if (shapeOk && HOST_NAME_RULE_TYPES.has(e.record.type)) checkHostLabels(ctx, e, labels);
  }
};
