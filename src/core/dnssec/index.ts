/**
 * DNSSEC of a zone as code (issue 31): the file's `dnssec` section (desired.ts), the service's
 * answer read as untrusted input (live.ts, ds-record.ts), the diff and the one PATCH it needs
 * (diff.ts), what is shown (render.ts) and exported (export.ts), and the checks of a zone file
 * (rules.ts, lint.ts, with their facts and sources in checks.ts). Pure.
 */
export {
  API_FIELD_OF_FLAG,
  DNSSEC_FLAGS,
  DNSSEC_SECTION_SCHEMA,
  readDnssecSection,
  type DesiredDnssec,
  type DesiredDnssecStatus,
  type DnssecFlag,
  type SectionProblem,
  type SectionRead,
} from './desired.js';
export {
  decodeDnssec,
  describeLiveStatus,
  LIVE_DNSSEC_STATUSES,
  LiveDnssecError,
  type DnssecKey,
  type LiveDnssec,
  type LiveDnssecStatus,
} from './live.js';
export { dsJson, readDs, renderDsMarkdown, renderDsText, type DsRecord } from './ds-record.js';
export {
  deleteRefusal,
  diffDnssec,
  isDnssecDrift,
  type DnssecFieldChange,
  type DnssecOperation,
  type DnssecPatchBody,
  type DnssecPhase,
  type DnssecPlan,
  type DnssecWaiting,
} from './diff.js';
export { changeLines, dnssecJson, renderDnssecMarkdown, renderDnssecState, renderDnssecText } from './render.js';
export { exportDnssec, type DnssecExport } from './export.js';
export {
  DNSSEC_LINT_CHECKS,
  DNSSEC_RULE_CHECKS,
  dnssecLintId,
  type DnssecCheckInput,
  type DnssecLintCode,
  type DnssecProblem,
  type DnssecRuleCode,
  type FilePosition,
  type PositionedRecord,
} from './checks.js';
export { checkDnssecRules } from './rules.js';
export { lintDnssec } from './lint.js';
