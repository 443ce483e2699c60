/**
 * The `dnssec` section's rules (src/core/dnssec/rules.ts: DNSKEY records need `multi_signer`,
 * `presigned` on a zone this file writes, multi-signer with apex NS), run with the zone's other
 * rules so that each problem has its file, line and field. The checks see the records by their
 * index in the rule context and the sink places each problem (a fragment's record in its file).
 */
import { checkDnssecRules, readDnssecSection, type DesiredDnssec, type DnssecRuleCode, type PositionedRecord } from '../../dnssec/index.js';
import type { ProblemSink } from '../../yaml/index.js';
import type { RuleCode } from '../../checks/registry.js';
import type { PathSegment } from '../../text/index.js';
import type { Rule } from './context.js';

/** No position is read by the checks but for ordering; the sink finds the real one from the path. */
const UNPLACED = { line: 0, col: 0 };

export const checkDnssec: Rule = (ctx) => {
  const dnssec = ctx.dnssec;
  const records: PositionedRecord[] = ctx.records.map((e, k) => ({ record: e.record, path: `#${k}`, ...UNPLACED }));
  const problems = checkDnssecRules({
    file: '',
    zone: ctx.zone,
    ...(dnssec !== undefined ? { dnssec: { desired: dnssec, at: UNPLACED } } : {}),
    records,
    ...(ctx.settings?.multi_provider !== undefined ? { multiProvider: ctx.settings.multi_provider } : {}),
  });
  for (const p of problems) {
    const at = docPath(ctx.records, p.path);
    // checkDnssecRules emits the codes of DNSSEC_RULE_CHECKS only (src/core/dnssec/rules.ts).
    const code = p.code as DnssecRuleCode;
    if (p.severity === 'error') ctx.sink.error(code, at, p.message);
    else ctx.sink.warning(code, at, p.message);
  }
};

/** `#3.type` -> the path of the fourth record and `type`; `dnssec.presigned` -> `['dnssec', 'presigned']`. */
function docPath(records: readonly { readonly path: readonly PathSegment[] }[], path: string): PathSegment[] {
  const [head = '', ...rest] = path.split('.');
  const base = head.startsWith('#') ? [...(records[Number(head.slice(1))]?.path ?? [])] : [head];
  return [...base, ...rest];
}

/**
 * The section once the schema passed it. readDnssecSection finds every problem the schema finds
 * (so that no caller without the schema passes a bad section on); here they cannot be left, but
 * are reported rather than dropped should the two ever disagree.
 */
export function readDnssecOf(section: unknown, sink: ProblemSink<RuleCode>): DesiredDnssec | undefined {
  const read = readDnssecSection(section);
  if (read.kind === 'ok') return read.desired;
  for (const p of read.problems) sink.error('dnssec.section', p.path.split('.'), p.message);
  return undefined;
}
