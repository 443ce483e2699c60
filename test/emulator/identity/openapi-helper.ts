/**
 * Validates response bodies against the official OpenAPI 3.0 subsets (ajv). OpenAPI's
 * `nullable: true` becomes a JSON Schema type union with "null"; `$ref`s point into the
 * loaded document; vendor extensions and `example` are dropped.
 */
import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import ajvFormats from 'ajv-formats';

// ajv-formats is CommonJS: under NodeNext its default import is the module object.
const addFormats = (ajvFormats as unknown as { default: (ajv: Ajv) => Ajv }).default;

import { OPENAPI_DIR } from '../../contract/openapi.js';

const SPEC_DIR = OPENAPI_DIR;

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

function convert(node: Json, docId: string): Json {
  if (Array.isArray(node)) return node.map((n) => convert(n, docId));
  if (node === null || typeof node !== 'object') return node;
  const out: { [k: string]: Json } = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === 'example' || k.startsWith('x-') || k === 'nullable') continue;
    if (k === '$ref' && typeof v === 'string' && v.startsWith('#/')) out[k] = `${docId}${v}`;
    else out[k] = convert(v, docId);
  }
  if ((node as { nullable?: boolean }).nullable === true && typeof out.type === 'string') out.type = [out.type, 'null'];
  return out;
}

export class OpenApiChecker {
  private readonly ajv: Ajv;
  private readonly paths: Record<
    string,
    Record<string, { responses: Record<string, { content: { 'application/json': { schema: Json } } }> }>
  >;
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(file: string) {
    const doc = JSON.parse(readFileSync(`${SPEC_DIR}/${file}`, 'utf8')) as { components: Json; paths: Json };
    const id = `spec-${file}`;
    this.ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: id, components: convert(doc.components, id) } as object);
    this.paths = convert(doc.paths, id) as never;
  }

  /** Errors (empty when valid) of `body` against the response schema of path/method/status ('200' or '4XX'). */
  check(path: string, method: string, status: '200' | '4XX', body: unknown): string[] {
    const key = `${method} ${path} ${status}`;
    let validate = this.cache.get(key);
    if (!validate) {
      const op = this.paths[path]?.[method.toLowerCase()];
      let schema = op?.responses[status]?.content['application/json'].schema;
      if (!schema) throw new Error(`no schema for ${key}`);
      // The spec's 4XX schemas are allOf[success shape, failure shape], which contradict each
      // other on `success`; an error body is checked against the failure shape alone.
      const allOf = (schema as { allOf?: Array<{ $ref?: string }> }).allOf;
      const failure = allOf?.find((s) => s.$ref?.endsWith('common-failure'));
      if (status === '4XX' && failure) schema = failure as Json;
      validate = this.ajv.compile(schema as object);
      this.cache.set(key, validate);
    }
    const fn = validate;
    return fn(body) ? [] : (fn.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
  }
}
