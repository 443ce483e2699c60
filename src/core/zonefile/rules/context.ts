import type { RuleCode } from '../../checks/registry.js';
import type { DesiredDnssec } from '../../dnssec/index.js';
import type { CanonicalRecord } from '../../model/record.js';
import type { FileScopes } from '../../ownership/index.js';
import type { PathSegment } from '../../text/index.js';
import type { ProblemSink } from '../../yaml/index.js';
import type { RawDefaults, RawManage, RawRecord, RawSettings, RawToken, RawZoneFile } from '../raw-types.js';

/** A record that passed the schema, with its canonical form (defaults applied). */
export interface RecordEntry {
  readonly index: number;
  readonly path: readonly PathSegment[];
  readonly raw: RawRecord;
  readonly record: CanonicalRecord;
}

export interface TokenEntry {
  readonly index: number;
  readonly path: readonly PathSegment[];
  readonly raw: RawToken;
}

/** What every rule sees. Only schema-valid parts are present, so rules need no shape checks. */
export interface RuleContext {
  readonly doc: RawZoneFile;
  /** Canonical zone name. */
  readonly zone: string;
  /** Valid defaults (empty when `defaults` has schema errors). */
  readonly defaults: RawDefaults;
  /** The included fragments' own defaults, each at its path (`include[k].defaults`, fragments.ts). */
  readonly fragmentDefaults?: ReadonlyArray<{ readonly defaults: RawDefaults; readonly path: readonly PathSegment[] }>;
  readonly records: readonly RecordEntry[];
  /** Number of entries under `records` (valid or not). */
  readonly recordCount: number;
  readonly tokens: readonly TokenEntry[];
  /** Settings when they passed the schema. */
  readonly settings?: RawSettings;
  /** `manage` when it passed the schema (its `ignore` holds the included fragments' rules too). */
  readonly manage?: RawManage;
  /** Where each rule of `manage.ignore` is written (`manage.ignore[i]`, or `include[k].manage.ignore[j]` in a fragment). */
  readonly ignoreAt?: ReadonlyArray<readonly PathSegment[]>;
  /** The `dnssec` section when it passed the schema (absent: DNSSEC unmanaged). */
  readonly dnssec?: DesiredDnssec;
  /** Takes only registered codes (checks/rule-checks.ts). */
  readonly sink: ProblemSink<RuleCode>;
  /** zonectl.yaml's team scopes of this zone and its files (`owners:`), when it has teams. */
  readonly scopes?: FileScopes;
  /** A fragment checked on its own: `zone` is a stand-in, messages say "the zone" instead. */
  readonly fragmentAlone?: boolean;
}

export type Rule = (ctx: RuleContext) => void;

/** `records[3] (line 12)`, or `records[3] (shared/mail.yaml line 12)` with fragments — how a rule names another record. */
export function describeRecordAt(ctx: RuleContext, entry: RecordEntry): string {
  return `records[${entry.index}] (${ctx.sink.placeOf(entry.path)})`;
}
