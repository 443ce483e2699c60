/**
 * The shape of what zonectl knows about one record type (one object per type, in
 * src/core/record-types/<type>.ts or a row of simple-types.ts; the registry is index.ts). The
 * service's facts about a type (its data fields and what each holds, whether it is proxiable,
 * whether it has a top-level priority) are src/facts/record-types.ts: a definition builds on them.
 */
import type { DataFieldFact } from '../../facts/record-types.js';
import type { RuleCode } from '../checks/registry.js';
import type { CanonicalRecord, RecordData, RecordSettings } from '../model/record.js';
import type { PathSegment } from '../text/index.js';
import type { RecordType } from './record-type.js';
import type { WireForm } from './wire.js';

/**
 * A data field of the service (its name and what it holds: `shape`), with how zonectl compares
 * it: by its shape (a host name lower-cased in punycode, hex upper-case, base64 and hex without
 * white space, an enum upper-case), text as given unless `lowerCase`.
 */
export interface DataField extends DataFieldFact {
  /** Text compared lower-case (the service treats it so: CAA tag). */
  readonly lowerCase?: true;
  /** The empty string is a meaningful value (NAPTR regex "" beside a replacement; SVCB without params). */
  readonly mayBeEmpty?: true;
}

/** One token of RDATA as a master file writes it (src/core/bind/tokenize.ts, `Token`). */
export interface RdataToken {
  /** As written (quotes and escapes included). */
  readonly raw: string;
  /** The bytes it stands for (escapes decoded, quotes removed). */
  readonly bytes: Uint8Array;
}

/** The RDATA of one resource record, as the reader of a master file hands it over. */
export interface RdataInput {
  /** Each token's text (escapes decoded, quotes removed). */
  readonly words: readonly string[];
  readonly tokens: readonly RdataToken[];
  /** A host name as written, absolute against the origin, in canonical form ("." for the root). */
  host(text: string): string;
}

/** A record's value as a zone file writes it: `content` or `data`, and `priority` where the type has one. */
export interface RecordValue {
  readonly content?: string;
  readonly data?: RecordData;
  readonly priority?: number;
}

export type RdataReading = { ok: true; value: RecordValue } | { ok: false; message: string };

/** The host name a type sends its clients on to look up: lint follows it into the zone (lint/targets.ts). */
export interface FollowedTarget {
  /** Where it is: `content`, or `data.<field>`. */
  readonly field: 'content' | `data.${string}`;
  /** It must have its own address records, not be an alias (a CNAME): RFC 2181 §10.3 (MX, NS). */
  readonly notAlias?: true;
}

/** A record as a type's own rules see it: as the file writes it (schema-valid) and in canonical form. */
export interface RecordToCheck {
  readonly written: {
    readonly content?: string;
    readonly data?: Readonly<Record<string, unknown>>;
    readonly proxied?: boolean;
    readonly settings?: RecordSettings;
  };
  readonly record: CanonicalRecord;
}

/** Where a type's own rule reports: a registered code (checks/rule-checks.ts), a path inside the record. */
export interface RecordProblemSink {
  error(code: RuleCode, at: readonly PathSegment[], message: string): void;
  warning(code: RuleCode, at: readonly PathSegment[], message: string): void;
}

/** A per-record setting of the API that only some types have (CNAME's `flatten_cname`). */
interface OwnSetting {
  readonly name: string;
  /** Its JSON Schema description. */
  readonly description: string;
}

interface CommonDefinition {
  readonly type: RecordType;
  /** The type on the wire: its number, and an answer's RDATA in presentation form (`resolve`, `wait-dns`). */
  readonly wire: WireForm;
  /** RDATA in presentation form -> the record's value (BIND import). */
  read(rdata: RdataInput): RdataReading;
  readonly followedTarget?: FollowedTarget;
  /** The service leaves a `data.priority` out of the rendered content: plans show it before the value (SRV, URI). */
  readonly priorityOutsideContent?: true;
  /** The service's rules on one record of the type that the schema cannot say (zonefile/rules/type-rules.ts runs them). */
  check?(r: RecordToCheck, sink: RecordProblemSink): void;
  /** Per-record settings only this type has (the schema offers them on this type alone). */
  readonly ownSettings?: readonly OwnSetting[];
}

/** The content is a host name: what the target checks call it (zonefile/rules/targets.ts). */
export interface ContentTarget {
  readonly what: string;
  /** `.` (the root) is a valid target: a null MX. */
  readonly allowRoot: boolean;
  /** A record may not point at its own name (a CNAME). */
  readonly notItsOwnName?: true;
}

/** What the zone file's JSON Schema says of `content`. */
interface ContentSchema {
  readonly description: string;
  /** The empty string is a value (TXT). */
  readonly mayBeEmpty?: true;
  /** A pattern the service enforces, with the message for a value that misses it. */
  readonly pattern?: { readonly regex: string; readonly error: string };
}

/** A type whose value is one `content` string (A, AAAA, CNAME, MX, TXT, PTR, NS, OPENPGPKEY). */
export interface ContentTypeDefinition extends CommonDefinition {
  readonly kind: 'content';
  /** Canonical `content`: the form two spellings of one value compare equal in. */
  canonicalContent(content: string, zone: string): string;
  /** RDATA in DNS presentation form (RFC 1035 §5.1 and the type's RFC): BIND export, `resolve` answers. */
  present(content: string, priority: number | undefined): string;
  readonly target?: ContentTarget;
  readonly contentSchema: ContentSchema;
  /** `content` as zonectl sends it, from the canonical one, where the two differ (TXT). */
  contentToSend?(canonical: string): string;
  /** `content` as a zone file writes it (export, import), where it differs from the canonical one (TXT). */
  contentInZoneFile?(canonical: string): string;
}

/** Retired `data` fields: the schema still accepts them (deprecated) so that a rule names the replacement. */
interface RetiredDataFields {
  readonly names: readonly string[];
  readonly description: string;
}

/** A type whose value is structured `data` (CAA, SRV, HTTPS, ...). */
export interface DataTypeDefinition extends CommonDefinition {
  readonly kind: 'data';
  /** The service's fields (in the order it renders them into `content`), each with how zonectl compares it. */
  readonly fields: readonly DataField[];
  /** The service's read-only rendering of `data` as `content` (what the size rule counts, what text output shows). */
  renderContent(data: RecordData): string;
  /** RDATA in DNS presentation form (RFC 1035 §5.1 and the type's RFC): BIND export, `resolve` answers. */
  present(data: RecordData, priority: number | undefined): string;
  /** A text field's canonical form beyond its kind's (HTTPS/SVCB `value`: SvcParams). */
  readonly canonicalText?: Readonly<Record<string, (text: string) => string>>;
  /** Schema descriptions of fields that differ from the shared ones (core/schema/records.ts). */
  readonly fieldDescriptions?: Readonly<Record<string, string>>;
  readonly retiredFields?: RetiredDataFields;
}

export type RecordTypeDefinition = ContentTypeDefinition | DataTypeDefinition;
