/**
 * The one translator of Ajv's errors into problems a person reads, for zone files and
 * zonectl.yaml alike: placed at the value (or the key) they concern, one message for a set of
 * alternatives (`anyOf`, `oneOf`, `propertyNames`), the schema's own `x-error` where it has one,
 * repeats dropped. Each document adds what only it knows through its `ErrorWording`.
 */
import type { ErrorObject } from 'ajv/dist/2020.js';
import { pointerToPath, suggestNearest, type PathSegment } from '../text/index.js';

export interface SchemaIssue {
  path: PathSegment[];
  /** Report at the key of `path` rather than its value. */
  atKey: boolean;
  message: string;
  code: string;
  /** For an unknown field: the known field it most likely stands for. */
  standsFor?: string;
}

/** What one kind of document adds to the translation. */
export interface ErrorWording {
  /** False where a value may be a secret written in the wrong place (zonectl.yaml): no message repeats a value. */
  readonly quoteValues: boolean;
  /** Why a required top-level field matters. */
  readonly rootRequiredHints?: Readonly<Record<string, string>>;
  /** The document's own message for an error (e.g. a record type's fields), before the general ones. */
  readonly special?: (e: ErrorObject, path: PathSegment[], doc: unknown) => SchemaIssue | null | undefined;
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

/** The schema's own message (`x-error`) of the schema that failed. */
function customMessage(schema: unknown): string | undefined {
  const m = (schema as Record<string, unknown> | undefined)?.['x-error'];
  return typeof m === 'string' ? m : undefined;
}

/** "unknown field `x`", with the nearest known field when one is near. */
function unknownFieldIssue(path: PathSegment[], field: string, known: readonly string[]): SchemaIssue {
  const near = suggestNearest(
    field,
    known.filter((k) => k !== '$schema'),
  );
  const message = `unknown field \`${field}\`${near ? `; did you mean \`${near}\`?` : ''}`;
  return { path: [...path, field], atKey: true, message, code: 'schema.unknown-field', standsFor: near };
}

function translate(e: ErrorObject, doc: unknown, path: PathSegment[], wording: ErrorWording): SchemaIssue | null {
  const special = wording.special?.(e, path, doc);
  if (special !== undefined) return special;
  const custom = customMessage(e.parentSchema);
  const not = (value: unknown): string => (wording.quoteValues ? `, not ${describe(value)}` : '');
  switch (e.keyword) {
    case 'additionalProperties': {
      const props = (e.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
      return unknownFieldIssue(path, String((e.params as { additionalProperty: string }).additionalProperty), Object.keys(props));
    }
    case 'propertyNames': {
      const name = String((e.params as { propertyName: string }).propertyName);
      const names = (e.parentSchema as { propertyNames?: unknown } | undefined)?.propertyNames;
      return { path: [...path, name], atKey: true, message: customMessage(names) ?? 'is not an accepted name', code: 'schema.name' };
    }
    case 'required': {
      const field = String((e.params as { missingProperty: string }).missingProperty);
      const hint = path.length === 0 ? (wording.rootRequiredHints?.[field] ?? '') : '';
      return { path, atKey: false, message: `missing required field \`${field}\`${hint}`, code: 'schema.required' };
    }
    case 'type':
      return { path, atKey: false, message: custom ?? `must be ${expectedType(e.params.type)}${not(e.data)}`, code: 'schema.type' };
    case 'enum': {
      const allowed = (e.params as { allowedValues: unknown[] }).allowedValues.map(String);
      return { path, atKey: false, message: `must be one of ${allowed.join(', ')}${not(e.data)}`, code: 'schema.enum' };
    }
    case 'const':
      return {
        path,
        atKey: false,
        message: `must be ${JSON.stringify((e.params as { allowedValue: unknown }).allowedValue)}${not(e.data)}`,
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

/** Errors that speak for the errors under them: a set of alternatives, or a rule on every key. */
function speaksForItsBranches(e: ErrorObject): boolean {
  return e.keyword === 'anyOf' || e.keyword === 'propertyNames' || (e.keyword === 'oneOf' && !('discriminator' in (e.parentSchema ?? {})));
}

/**
 * The errors of one validator call, translated: errors inside an anyOf/oneOf branch (or under
 * `propertyNames`) give way to the one message of the whole; repeats (`seen` across calls) are
 * dropped; and "missing `content`" says nothing new next to "unknown field `contnet`; did you
 * mean `content`?". `base` is where the validated value sits in `doc`.
 */
export function translateErrors(
  errors: readonly ErrorObject[],
  wording: ErrorWording,
  doc: unknown,
  base: readonly PathSegment[] = [],
  baseValue: unknown = doc,
  seen: Set<string> = new Set(),
): SchemaIssue[] {
  const alternatives = errors.filter(speaksForItsBranches).map((e) => `${e.schemaPath}/`);
  const issues: SchemaIssue[] = [];
  for (const e of errors) {
    if (alternatives.length > 0 && alternatives.some((prefix) => e.schemaPath.startsWith(prefix))) continue;
    const issue = translate(e, doc, [...base, ...pointerToPath(e.instancePath, baseValue)], wording);
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
