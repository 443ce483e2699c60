/**
 * Validation against the zone schema (ajv, JSON Schema 2020-12) and translation of ajv's errors
 * into readable problems at the right place: unknown fields name the nearest known one,
 * `anyOf` alternatives collapse into one message, a record reports against its own type only.
 *
 * A valid document is recognised by the quick check compiled from the same schema; ajv's
 * validators (compiled ahead of time in the bundle, at first use from source:
 * schema/schema-validators.ts) are loaded only when a document may have errors, to report them.
 */
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { DATA_FIELDS, RECORD_TYPES, isRecordType } from '../record-types/index.js';
import { TOP_LEVEL_PRIORITY_TYPES } from '../service/record-types.js';
import { pointerToPath, type PathSegment, suggestNearest } from '../text/index.js';
import { buildZoneSchema } from './build-schema.js';
import { compileQuickCheck, type QuickCheck } from './quick-check.js';
import { schemaValidator } from './schema-validators.js';

export interface SchemaIssue {
  path: PathSegment[];
  /** Report at the key of `path` rather than its value. */
  atKey: boolean;
  message: string;
  code: string;
  /** For an unknown field: the known field it most likely stands for. */
  standsFor?: string;
}

let quick: QuickCheck | null | undefined;

/** The detailed validator of a whole document (schema/schema-validators.ts). */
export function zoneValidator(): ValidateFunction {
  return schemaValidator('zoneRoot');
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`;
  return `${typeof value} ${String(value)}`;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  object: 'a mapping',
  array: 'a list',
  null: 'null',
};

function expectedType(t: unknown): string {
  const list = Array.isArray(t) ? t : [t];
  return list.map((x) => TYPE_WORDS[String(x)] ?? String(x)).join(' or ');
}

function customMessage(e: ErrorObject): string | undefined {
  const ps = e.parentSchema as Record<string, unknown> | undefined;
  const m = ps?.['x-error'];
  return typeof m === 'string' ? m : undefined;
}

/** The record type at `records[i]`, when valid. */
function recordTypeAt(doc: unknown, path: readonly PathSegment[]): string | undefined {
  if (path[0] !== 'records' || typeof path[1] !== 'number') return undefined;
  const records = (doc as { records?: unknown }).records;
  if (!Array.isArray(records)) return undefined;
  const r = records[path[1]] as { type?: unknown } | null;
  return r && typeof r === 'object' && typeof r.type === 'string' ? r.type : undefined;
}

function unknownField(doc: unknown, path: PathSegment[], field: string, known: string[]): { message: string; standsFor?: string } {
  const type = recordTypeAt(doc, path);
  if (type && isRecordType(type) && path.length === 2) {
    const fields = DATA_FIELDS[type];
    if (field === 'content' && fields) {
      return { message: `${type} records take \`data\` (${fields.map((f) => f.name).join(', ')}), not \`content\``, standsFor: 'data' };
    }
    if (field === 'data' && !fields) return { message: `${type} records take \`content\`, not \`data\``, standsFor: 'content' };
    if (field === 'priority' && !TOP_LEVEL_PRIORITY_TYPES.has(type)) {
      return {
        message: fields?.some((f) => f.name === 'priority')
          ? `${type} records carry priority inside \`data\`, not at the top level`
          : `${type} records have no priority`,
      };
    }
  }
  if (type && field === 'flatten_cname' && path.length === 3 && path[2] === 'settings') {
    return { message: `\`flatten_cname\` applies only to CNAME records, not ${type}` };
  }
  const near = suggestNearest(
    field,
    known.filter((k) => k !== '$schema'),
  );
  return { message: `unknown field \`${field}\`${near ? `; did you mean \`${near}\`?` : ''}`, standsFor: near };
}

/** Why a required top-level field matters, for the file kinds that share the schema. */
const ROOT_REQUIRED_HINTS: Readonly<Record<string, string>> = {
  version: ' (add `version: 1`)',
  zone: " (the zone's name; an account file has `account_id` and `zone_defaults` instead)",
};

/** A top-level field of the other kind of file: a zone file's field in an account file, or the reverse. */
function otherFileKindField(field: string, schemaPath: string): string | undefined {
  if (schemaPath.startsWith('#/$defs/account_file/')) {
    return ZONE_FILE_ONLY.has(field)
      ? `\`${field}\` belongs in a zone file; this is an account file (it has \`zone_defaults\`), which holds only \`version\`, \`account_id\` and \`zone_defaults\``
      : undefined;
  }
  return undefined;
}

const ZONE_FILE_ONLY = new Set(['zone', 'zone_id', 'account', 'defaults', 'settings', 'records', 'tokens', 'manage']);

function translate(e: ErrorObject, doc: unknown, base: readonly PathSegment[], baseValue: unknown): SchemaIssue | null {
  const path = [...base, ...pointerToPath(e.instancePath, baseValue)];
  const custom = customMessage(e);
  switch (e.keyword) {
    case 'additionalProperties': {
      const field = String((e.params as { additionalProperty: string }).additionalProperty);
      const props = (e.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
      const other = path.length === 0 ? otherFileKindField(field, e.schemaPath) : undefined;
      if (other !== undefined) return { path: [...path, field], atKey: true, message: other, code: 'schema.unknown-field' };
      const { message, standsFor } = unknownField(doc, path, field, Object.keys(props));
      return { path: [...path, field], atKey: true, message, code: 'schema.unknown-field', standsFor };
    }
    case 'required': {
      const field = String((e.params as { missingProperty: string }).missingProperty);
      const hint = path.length === 0 ? (ROOT_REQUIRED_HINTS[field] ?? '') : '';
      return { path, atKey: false, message: `missing required field \`${field}\`${hint}`, code: 'schema.required' };
    }
    case 'type':
      return {
        path,
        atKey: false,
        message: custom ?? `must be ${expectedType(e.params.type)}, not ${describe(e.data)}`,
        code: 'schema.type',
      };
    case 'enum': {
      const allowed = (e.params as { allowedValues: unknown[] }).allowedValues.map(String);
      const last = path[path.length - 1];
      if (last === 'type' && (path[0] === 'records' || path[0] === 'manage')) {
        const given = e.data;
        const near =
          typeof given === 'string' ? (allowed.find((a) => a === given.toUpperCase()) ?? suggestNearest(given, RECORD_TYPES)) : undefined;
        return {
          path,
          atKey: false,
          message: `unknown record type ${JSON.stringify(e.data)}${near ? `; did you mean ${near}?` : ` (one of ${allowed.join(', ')})`}`,
          code: 'schema.record-type',
        };
      }
      return { path, atKey: false, message: `must be one of ${allowed.join(', ')}, not ${describe(e.data)}`, code: 'schema.enum' };
    }
    case 'const':
      return {
        path,
        atKey: false,
        message: `must be ${JSON.stringify((e.params as { allowedValue: unknown }).allowedValue)}, not ${describe(e.data)}`,
        code: 'schema.const',
      };
    case 'anyOf':
    case 'oneOf':
      return { path, atKey: false, message: custom ?? `${describe(e.data)} is not an accepted form`, code: 'schema.form' };
    case 'pattern':
      return { path, atKey: false, message: custom ?? `does not match ${String(e.params.pattern)}`, code: 'schema.pattern' };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      const ps = e.parentSchema as { minimum?: number; maximum?: number } | undefined;
      const range =
        ps?.minimum !== undefined && ps.maximum !== undefined
          ? `${ps.minimum}..${ps.maximum}`
          : `${e.params.comparison as string} ${String(e.params.limit)}`;
      return { path, atKey: false, message: `${String(e.data)} is out of range (${range})`, code: 'schema.range' };
    }
    case 'maxLength':
      return {
        path,
        atKey: false,
        message: `is too long: ${(e.data as string).length} characters, at most ${String(e.params.limit)}`,
        code: 'schema.length',
      };
    case 'minLength':
      return { path, atKey: false, message: 'must not be empty', code: 'schema.length' };
    case 'maxItems':
      return {
        path,
        atKey: false,
        message: `has ${(e.data as unknown[]).length} items, at most ${String(e.params.limit)}`,
        code: 'schema.items',
      };
    case 'minItems':
      return { path, atKey: false, message: `needs at least ${String(e.params.limit)} item(s)`, code: 'schema.items' };
    case 'minProperties':
      return { path, atKey: false, message: custom ?? `needs at least ${String(e.params.limit)} field(s)`, code: 'schema.fields' };
    case 'if':
    case 'discriminator': // the `type` enum or `required` error says it better
      return null;
    default:
      return { path, atKey: false, message: e.message ?? 'is invalid', code: `schema.${e.keyword}` };
  }
}

/**
 * The errors of one validator call, translated: errors inside an anyOf/oneOf branch give way to
 * the alternative's one message; repeats (`seen` across calls) are dropped; and "missing
 * `content`" says nothing new next to "unknown field `contnet`; did you mean `content`?".
 */
function translateCall(
  errors: readonly ErrorObject[],
  doc: unknown,
  base: readonly PathSegment[],
  baseValue: unknown,
  seen: Set<string>,
): SchemaIssue[] {
  const alternatives = errors
    .filter((e) => e.keyword === 'anyOf' || (e.keyword === 'oneOf' && !('discriminator' in (e.parentSchema ?? {}))))
    .map((e) => `${e.schemaPath}/`);
  const issues: SchemaIssue[] = [];
  for (const e of errors) {
    if (alternatives.length > 0 && alternatives.some((prefix) => e.schemaPath.startsWith(prefix))) continue;
    const issue = translate(e, doc, base, baseValue);
    if (!issue) continue;
    const key = `${issue.path.join('\u0000')}|${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
  }
  const explained = new Set(
    issues.filter((i) => i.standsFor !== undefined).map((i) => `${i.path.slice(0, -1).join('\u0000')}|${i.standsFor}`),
  );
  return issues.filter((i) => {
    if (i.code !== 'schema.required') return true;
    const field = /`([^`]+)`/.exec(i.message)?.[1];
    return !explained.has(`${i.path.join('\u0000')}|${field}`);
  });
}

function isPlainRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * Validate a parsed document; its problems, translated and de-duplicated. `records` and `tokens`
 * are validated one item at a time: ajv gathers the errors of nested calls by concatenating
 * arrays, which costs time quadratic in the number of errors when one call reports for a whole
 * long list. Once `maxIssues` are found, the remaining items are not looked at (`complete` is
 * false): a file with a million broken records is answered with the first of them, quickly.
 */
export function validateAgainstSchema(doc: unknown, maxIssues = Infinity): { issues: SchemaIssue[]; complete: boolean } {
  if (quick === undefined) quick = compileQuickCheck(buildZoneSchema());
  if (quick?.(doc)) return { issues: [], complete: true };
  const v = { root: schemaValidator('zoneRoot'), record: schemaValidator('zoneRecord'), token: schemaValidator('zoneToken') };
  const seen = new Set<string>();
  const issues: SchemaIssue[] = [];
  const lists = isPlainRecord(doc) ? (['records', 'tokens'] as const).filter((k) => Array.isArray(doc[k])) : [];
  const skeleton = lists.length > 0 && isPlainRecord(doc) ? { ...doc, ...Object.fromEntries(lists.map((k) => [k, []])) } : doc;
  if (!v.root(skeleton)) issues.push(...translateCall(v.root.errors ?? [], doc, [], doc, seen));
  for (const list of lists) {
    const items = (doc as Record<string, unknown[]>)[list];
    const validate = list === 'records' ? v.record : v.token;
    for (let i = 0; i < items.length; i += 1) {
      if (issues.length >= maxIssues) return { issues, complete: false };
      if (!validate(items[i])) issues.push(...translateCall(validate.errors ?? [], doc, [list, i], items[i], seen));
    }
  }
  return { issues, complete: true };
}
