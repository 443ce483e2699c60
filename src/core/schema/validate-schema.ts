/**
 * A document checked against the zone schema (Ajv, JSON Schema 2020-12), its errors translated
 * (translate-errors.ts) with what zone files add: a record's fields by its type, account files.
 *
 * A valid document is recognised by the quick check compiled from the same schema; Ajv's
 * validators (compiled ahead of time in the bundle, at first use from source:
 * schema-validators.ts) are loaded only when a document may have errors, to report them.
 */
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { DATA_FIELDS, OWN_SETTINGS, RECORD_TYPES, isRecordType, TOP_LEVEL_PRIORITY_TYPES } from '../record-types/index.js';
import { suggestNearest, type PathSegment } from '../text/index.js';
import { buildZoneSchema } from './build-schema.js';
import { compileQuickCheck, type QuickCheck } from './quick-check.js';
import { schemaValidator } from './schema-validators.js';
import { translateErrors, type ErrorWording, type SchemaIssue } from './translate-errors.js';

let quick: QuickCheck | null | undefined;

/** The detailed validator of a whole document (schema-validators.ts). */
export function zoneValidator(): ValidateFunction {
  return schemaValidator('zoneRoot');
}

/** The record type at `records[i]`, when valid. */
function recordTypeAt(doc: unknown, path: readonly PathSegment[]): string | undefined {
  if (path[0] !== 'records' || typeof path[1] !== 'number') return undefined;
  const records = (doc as { records?: unknown }).records;
  if (!Array.isArray(records)) return undefined;
  const r = records[path[1]] as { type?: unknown } | null;
  return r && typeof r === 'object' && typeof r.type === 'string' ? r.type : undefined;
}

/** An unknown field that a record's type explains (`content` where it takes `data`, `priority`...), or undefined. */
function recordFieldMessage(doc: unknown, path: PathSegment[], field: string): { message: string; standsFor?: string } | undefined {
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
  const owners = OWN_SETTINGS.get(field);
  if (type && owners !== undefined && path.length === 3 && path[2] === 'settings') {
    return { message: `\`${field}\` applies only to ${owners.join(', ')} records, not ${type}` };
  }
  return undefined;
}

/** A top-level field of the other kind of file: a zone file's field in an account file. */
function otherFileKindField(field: string, schemaPath: string): string | undefined {
  if (schemaPath.startsWith('#/$defs/account_file/')) {
    return ZONE_FILE_ONLY.has(field)
      ? `\`${field}\` belongs in a zone file; this is an account file (it has \`zone_defaults\`), which holds only \`version\`, \`account_id\`, \`zone_defaults\`, \`enforce_dns_only\` and \`views\``
      : undefined;
  }
  return undefined;
}

const ZONE_FILE_ONLY = new Set(['zone', 'zone_id', 'account', 'defaults', 'settings', 'records', 'tokens', 'manage']);

/** What zone files add to the translation: record types, account files. */
const ZONE_FILE_WORDING: ErrorWording = {
  quoteValues: true,
  rootRequiredHints: {
    version: ' (add `version: 1`)',
    zone: " (the zone's name; an account file has `account_id` and `zone_defaults` instead)",
  },
  special(e, path, doc) {
    if (e.keyword === 'additionalProperties') {
      const field = String((e.params as { additionalProperty: string }).additionalProperty);
      const other = path.length === 0 ? otherFileKindField(field, e.schemaPath) : undefined;
      if (other !== undefined) return { path: [...path, field], atKey: true, message: other, code: 'schema.unknown-field' };
      const known = recordFieldMessage(doc, path, field);
      return known && { path: [...path, field], atKey: true, code: 'schema.unknown-field', ...known };
    }
    if (e.keyword === 'enum' && path[path.length - 1] === 'type' && (path[0] === 'records' || path[0] === 'manage')) {
      const allowed = (e.params as { allowedValues: unknown[] }).allowedValues.map(String);
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
    return undefined;
  },
};

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
  if (!v.root(skeleton)) issues.push(...translateErrors(v.root.errors ?? [], ZONE_FILE_WORDING, doc, [], doc, seen));
  for (const list of lists) {
    const items = (doc as Record<string, unknown[]>)[list];
    const validate = list === 'records' ? v.record : v.token;
    for (let i = 0; i < items.length; i += 1) {
      if (issues.length >= maxIssues) return { issues, complete: false };
      if (!validate(items[i])) issues.push(...translateErrors(validate.errors ?? [], ZONE_FILE_WORDING, doc, [list, i], items[i], seen));
    }
  }
  return { issues, complete: true };
}
