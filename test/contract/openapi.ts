/**
 * Validate response bodies against the official OpenAPI 3.0 subsets in
 * test/contract/openapi/ (subsets of the official Cloudflare OpenAPI, see SOURCE.md there; override with ZONECTL_OPENAPI_DIR). OpenAPI 3.0 `nullable`
 * is turned into JSON Schema (type arrays, or anyOf with null); `$ref`s resolve inside the
 * document; OpenAPI-only keywords (example, x-*, readOnly, discriminator, ...) are ignored.
 *
 *   const validate = responseValidator('dns-records.2024-08-06.openapi.json', '/zones/{zone_id}/dns_records', 'get');
 *   expect(validate(body)).toEqual([]);
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

export const OPENAPI_DIR = process.env.ZONECTL_OPENAPI_DIR ?? fileURLToPath(new URL('./openapi/', import.meta.url));

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** OpenAPI 3.0 schema object -> JSON Schema (draft 7 as ajv reads it). */
export function convertNullable(node: Json): Json {
  if (Array.isArray(node)) return node.map(convertNullable);
  if (node === null || typeof node !== 'object') return node;
  const out: { [k: string]: Json } = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === 'nullable' || k === 'example' || k === 'discriminator' || k.startsWith('x-')) continue;
    out[k] = k === 'properties' || k === 'patternProperties' ? mapValues(v, convertNullable) : convertNullable(v);
  }
  if (node.nullable === true) {
    if (typeof out.type === 'string') {
      out.type = [out.type, 'null'];
      if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
      return out;
    }
    return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}

function mapValues(v: Json, f: (x: Json) => Json): Json {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, f(x)]));
}

/**
 * Known, documented differences between the 2024-08 OpenAPI subset and the service as the
 * specification describes it: component schemas made nullable. `dns-records_comment`: the
 * spec's record table says "string or null", and records without a comment carry `null`.
 */
export const NULLABLE_OVERRIDES: Readonly<Record<string, readonly string[]>> = {
  'dns-records.2024-08-06.openapi.json': ['dns-records_comment'],
};

const ajvCache = new Map<string, Ajv>();

function ajvFor(file: string): Ajv {
  let ajv = ajvCache.get(file);
  if (ajv) return ajv;
  const doc = JSON.parse(readFileSync(join(OPENAPI_DIR, file), 'utf8')) as {
    components?: { schemas?: Record<string, { [k: string]: Json }> };
  };
  for (const name of NULLABLE_OVERRIDES[file] ?? []) {
    const schema = doc.components?.schemas?.[name];
    if (schema) schema.nullable = true;
  }
  ajv = new Ajv({ strict: false, allErrors: true, logger: false, validateFormats: true });
  // ajv-formats ships CommonJS; its default export is the plugin function.
  type Plugin = (a: Ajv) => Ajv;
  const mod = addFormatsModule as unknown as Plugin & { default?: Plugin };
  (mod.default ?? mod)(ajv);
  ajv.addSchema({ $id: 'doc', components: convertNullable((doc.components ?? {}) as Json) } as object);
  ajvCache.set(file, ajv);
  return ajv;
}

function rewriteRefs(node: Json): Json {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (node === null || typeof node !== 'object') return node;
  const out: { [k: string]: Json } = {};
  for (const [k, v] of Object.entries(node)) {
    out[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `doc${v}` : rewriteRefs(v);
  }
  return out;
}

/** The JSON schema of one operation's response. */
export function responseSchema(file: string, path: string, method: string, status = '200'): Json {
  const doc = JSON.parse(readFileSync(join(OPENAPI_DIR, file), 'utf8')) as {
    paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: Json }> }> }>>;
  };
  const op = doc.paths[path]?.[method.toLowerCase()];
  if (!op) throw new Error(`${file}: no operation ${method} ${path}`);
  const response = op.responses[status];
  const schema = response?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`${file}: ${method} ${path} has no JSON schema for ${status}`);
  return schema;
}

/** A function returning ajv's errors (empty when the body conforms). */
export function responseValidator(file: string, path: string, method: string, status = '200'): (body: unknown) => ErrorObject[] {
  const ajv = ajvFor(file);
  const fn: ValidateFunction = ajv.compile(rewriteRefs(convertNullable(responseSchema(file, path, method, status))) as object);
  return (body) => (fn(body) ? [] : [...(fn.errors ?? [])]);
}

/** Validate against a named component schema (e.g. 'dns-records_dns-record'). */
export function componentValidator(file: string, name: string): (body: unknown) => ErrorObject[] {
  const ajv = ajvFor(file);
  const fn = ajv.compile({ $ref: `doc#/components/schemas/${name}` });
  return (body) => (fn(body) ? [] : [...(fn.errors ?? [])]);
}

/**
 * Validate against a schema written here (for what is newer than the 2024-08 subset: batch,
 * new DNS settings fields, from src/emulator/README.md). It may `$ref` the document's components as
 * `doc#/components/schemas/<name>`.
 */
export function schemaValidator(file: string, schema: object): (body: unknown) => ErrorObject[] {
  const ajv = ajvFor(file);
  const fn = ajv.compile(schema);
  return (body) => (fn(body) ? [] : [...(fn.errors ?? [])]);
}
