/**
 * A yes/no validator for the zone schema, compiled into closures from the same schema object
 * ajv compiles: the fast path of `validateAgainstSchema`. It answers "valid" only when ajv
 * (strict numbers, `u` patterns, lengths in code points) would accept the document too; for
 * anything unusual it answers "not sure" (false) and ajv, with its detailed errors, decides.
 * Compiling ajv's validator for this schema costs about 0.2 s per process, more than checking
 * 100,000 records here; files with problems still go through ajv.
 *
 * Only the keywords the zone schema uses are understood: `compileQuickCheck` returns null for a
 * schema with any other keyword (a test keeps the zone schema inside the subset); a `$ref`'s
 * definition, compiled at its first use, answers "not sure" when it holds one.
 */
import type { JsonSchema } from './records.js';
import { type Check, isPlainObject, codePointLength, isPrimitive, typeCheck } from './quick-check-primitives.js';

export type QuickCheck = (data: unknown) => boolean;

/** Keywords without an effect on validity. */
const ANNOTATIONS = new Set(['$schema', '$id', 'title', 'description', 'default', 'deprecated', 'x-error', '$defs']);

const KNOWN = new Set([
  ...ANNOTATIONS,
  'type',
  'const',
  'enum',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'properties',
  'required',
  'additionalProperties',
  'patternProperties',
  'minProperties',
  'items',
  'minItems',
  'maxItems',
  'anyOf',
  'oneOf',
  'discriminator',
  '$ref',
  'if',
  'then',
  'else',
]);

class Compiler {
  readonly #root: JsonSchema;
  readonly #refs = new Map<string, Check>();
  readonly #eager: boolean;
  #unsupported = false;

  constructor(root: JsonSchema, eager: boolean) {
    this.#root = root;
    this.#eager = eager;
  }

  compileRoot(): QuickCheck | null {
    const check = this.compile(this.#root);
    return this.#unsupported ? null : check;
  }

  /** A check for `schema`; marks the compilation unsupported on anything outside the subset. */
  compile(schema: unknown): Check {
    const no: Check = () => false;
    if (schema === true) return () => true;
    if (schema === false || schema === null || typeof schema !== 'object' || Array.isArray(schema)) {
      this.#unsupported ||= schema !== false;
      return no;
    }
    const s = schema as JsonSchema;
    for (const k of Object.keys(s)) {
      if (!KNOWN.has(k)) {
        this.#unsupported = true;
        return no;
      }
    }
    const checks: Check[] = [];
    if (s.type !== undefined) {
      const t = typeCheck(s.type);
      if (!t) {
        this.#unsupported = true;
        return no;
      }
      checks.push(t);
    }
    this.#values(s, checks);
    this.#strings(s, checks);
    this.#numbers(s, checks);
    this.#objects(s, checks);
    this.#arrays(s, checks);
    this.#combinations(s, checks);
    this.#conditional(s, checks);
    if (s.$ref !== undefined) checks.push(this.#ref(s.$ref));
    switch (checks.length) {
      case 0:
        return () => true;
      case 1:
        return checks[0];
      case 2: {
        const [a, b] = checks;
        return (d) => a(d) && b(d);
      }
      default:
        return (d) => {
          for (const c of checks) if (!c(d)) return false;
          return true;
        };
    }
  }

  #values(s: JsonSchema, checks: Check[]): void {
    if ('const' in s) {
      const value = s.const;
      if (!isPrimitive(value)) this.#unsupported = true;
      checks.push((d) => d === value);
    }
    if (s.enum !== undefined) {
      if (!Array.isArray(s.enum) || !s.enum.every(isPrimitive)) this.#unsupported = true;
      const allowed = new Set(Array.isArray(s.enum) ? (s.enum as unknown[]) : []);
      checks.push((d) => allowed.has(d));
    }
  }

  #strings(s: JsonSchema, checks: Check[]): void {
    const min = s.minLength;
    const max = s.maxLength;
    if (min !== undefined || max !== undefined) {
      if ((min !== undefined && typeof min !== 'number') || (max !== undefined && typeof max !== 'number')) {
        this.#unsupported = true;
      }
      const lo = typeof min === 'number' ? min : 0;
      const hi = typeof max === 'number' ? max : Infinity;
      checks.push((d) => {
        if (typeof d !== 'string') return true;
        // Code points lie between half the UTF-16 length and the length: count only when it matters.
        if (d.length <= hi && Math.ceil(d.length / 2) >= lo) return true;
        const n = codePointLength(d);
        return n >= lo && n <= hi;
      });
    }
    if (s.pattern !== undefined) {
      if (typeof s.pattern !== 'string') {
        this.#unsupported = true;
        return;
      }
      const re = new RegExp(s.pattern, 'u');
      checks.push((d) => typeof d !== 'string' || re.test(d));
    }
  }

  #numbers(s: JsonSchema, checks: Check[]): void {
    const { minimum: min, maximum: max } = s;
    if (min === undefined && max === undefined) return;
    if ((min !== undefined && typeof min !== 'number') || (max !== undefined && typeof max !== 'number')) {
      this.#unsupported = true;
    }
    const lo = typeof min === 'number' ? min : -Infinity;
    const hi = typeof max === 'number' ? max : Infinity;
    checks.push((d) => typeof d !== 'number' || (d >= lo && d <= hi));
  }

  #objects(s: JsonSchema, checks: Check[]): void {
    const props = s.properties as Record<string, unknown> | undefined;
    const propChecks = new Map<string, Check>();
    if (props !== undefined) {
      if (!isPlainObject(props)) this.#unsupported = true;
      else for (const [k, v] of Object.entries(props)) propChecks.set(k, this.compile(v));
    }
    const patterns: Array<[RegExp, Check]> = [];
    if (s.patternProperties !== undefined) {
      if (!isPlainObject(s.patternProperties)) this.#unsupported = true;
      else for (const [p, v] of Object.entries(s.patternProperties)) patterns.push([new RegExp(p, 'u'), this.compile(v)]);
    }
    const additional = s.additionalProperties;
    const extra: Check | 'none' | 'any' =
      additional === undefined || additional === true ? 'any' : additional === false ? 'none' : this.compile(additional);
    const required = s.required;
    if (required !== undefined && (!Array.isArray(required) || !required.every((r) => typeof r === 'string'))) {
      this.#unsupported = true;
    }
    const requiredList = Array.isArray(required) ? (required as string[]) : [];
    const minProps = s.minProperties;
    if (minProps !== undefined && typeof minProps !== 'number') this.#unsupported = true;
    const minCount = typeof minProps === 'number' ? minProps : 0;
    if (propChecks.size === 0 && patterns.length === 0 && extra === 'any' && requiredList.length === 0 && minCount === 0) return;
    checks.push((d) => {
      if (!isPlainObject(d)) return true;
      for (const r of requiredList) if (d[r] === undefined) return false;
      let count = 0;
      for (const key in d) {
        count += 1;
        if (key === '__proto__') return false; // let ajv judge the odd cases
        const value = d[key];
        const own = propChecks.get(key);
        let matched = own !== undefined;
        if (own && !own(value)) return false;
        for (const [re, check] of patterns) {
          if (!re.test(key)) continue;
          matched = true;
          if (!check(value)) return false;
        }
        if (matched || extra === 'any') continue;
        if (extra === 'none' || !extra(value)) return false;
      }
      return count >= minCount;
    });
  }

  #arrays(s: JsonSchema, checks: Check[]): void {
    const { items, minItems, maxItems } = s;
    if ((minItems !== undefined && typeof minItems !== 'number') || (maxItems !== undefined && typeof maxItems !== 'number')) {
      this.#unsupported = true;
    }
    const lo = typeof minItems === 'number' ? minItems : 0;
    const hi = typeof maxItems === 'number' ? maxItems : Infinity;
    const item = items === undefined ? null : this.compile(items);
    if (item === null && lo === 0 && hi === Infinity) return;
    checks.push((d) => {
      if (!Array.isArray(d)) return true;
      if (d.length < lo || d.length > hi) return false;
      if (item) for (const v of d) if (!item(v)) return false;
      return true;
    });
  }

  #combinations(s: JsonSchema, checks: Check[]): void {
    if (s.anyOf !== undefined) {
      if (!Array.isArray(s.anyOf)) {
        this.#unsupported = true;
        return;
      }
      const branches = s.anyOf.map((b) => this.compile(b));
      checks.push((d) => branches.some((b) => b(d)));
    }
    if (s.oneOf === undefined) {
      if (s.discriminator !== undefined) this.#unsupported = true;
      return;
    }
    if (!Array.isArray(s.oneOf)) {
      this.#unsupported = true;
      return;
    }
    if (s.discriminator === undefined) {
      const branches = s.oneOf.map((b) => this.compile(b));
      checks.push((d) => {
        let n = 0;
        for (const b of branches) if (b(d) && ++n > 1) return false;
        return n === 1;
      });
      return;
    }
    checks.push(this.#discriminated(s.discriminator, s.oneOf));
  }

  /** `if` / `then` / `else`: the branch the `if` picks must hold (a missing branch holds). */
  #conditional(s: JsonSchema, checks: Check[]): void {
    if (s.if === undefined) {
      if (s.then !== undefined || s.else !== undefined) this.#unsupported = true;
      return;
    }
    const condition = this.compile(s.if);
    const then = s.then === undefined ? null : this.compile(s.then);
    const otherwise = s.else === undefined ? null : this.compile(s.else);
    checks.push((d) => (condition(d) ? then === null || then(d) : otherwise === null || otherwise(d)));
  }

  /** `discriminator` + `oneOf` (as ajv implements it): the tag's value picks the one branch to check. */
  #discriminated(discriminator: unknown, oneOf: unknown[]): Check {
    const propertyName = (discriminator as { propertyName?: unknown } | null)?.propertyName;
    if (typeof propertyName !== 'string' || Object.keys(discriminator as object).length !== 1) {
      this.#unsupported = true;
      return () => false;
    }
    const byTag = new Map<string, Check>();
    for (const branch of oneOf) {
      const tag = this.#tagOf(branch, propertyName);
      if (tag === undefined || byTag.has(tag)) {
        this.#unsupported = true;
        continue;
      }
      byTag.set(tag, this.compile(branch));
    }
    return (d) => {
      if (!isPlainObject(d)) return false;
      const tag = d[propertyName];
      if (typeof tag !== 'string') return false;
      const check = byTag.get(tag);
      return check === undefined ? false : check(d);
    };
  }

  /** The `const` of the tag property in a branch (through its `$ref`). */
  #tagOf(branch: unknown, propertyName: string): string | undefined {
    let s = branch as JsonSchema | undefined;
    if (s && typeof s.$ref === 'string') s = this.#resolve(s.$ref);
    const prop = (s?.properties as Record<string, JsonSchema> | undefined)?.[propertyName];
    return typeof prop?.const === 'string' ? prop.const : undefined;
  }

  #resolve(ref: string): JsonSchema | undefined {
    const m = /^#\/\$defs\/([^/~]+)$/.exec(ref);
    const defs = this.#root.$defs as Record<string, JsonSchema> | undefined;
    return m && defs && Object.hasOwn(defs, m[1]) ? defs[m[1]] : undefined;
  }

  /** `$ref` to `#/$defs/<name>`, compiled once (recursive references work). */
  #ref(ref: unknown): Check {
    if (typeof ref !== 'string') {
      this.#unsupported = true;
      return () => false;
    }
    const done = this.#refs.get(ref);
    if (done) return done;
    const target = this.#resolve(ref);
    if (!target) {
      this.#unsupported = true;
      return () => false;
    }
    if (this.#eager) {
      let check: Check = () => false;
      const late: Check = (d) => check(d);
      this.#refs.set(ref, late);
      check = this.compile(target);
      return late;
    }
    // Compiled at its first use: a zone file uses a few of the 21 record types' definitions,
    // and compiling all of them (2,600 schema nodes, their patterns) was about half of the quick
    // check's cost in `validate` of 1,400 records (bench/README.md, part 9). A definition found
    // outside the subset then answers "not sure" (false): ajv decides, as for any such schema.
    let check: Check | undefined;
    const late: Check = (d) => {
      if (check === undefined) {
        const before = this.#unsupported;
        this.#unsupported = false;
        const compiled = this.compile(target);
        check = this.#unsupported ? () => false : compiled;
        this.#unsupported ||= before;
      }
      return check(d);
    };
    this.#refs.set(ref, late);
    return late;
  }
}

/**
 * The yes/no validator of `schema`, or null when the schema uses a keyword outside the subset.
 * `$ref` targets are compiled when first used, unless `eager` (every definition compiled now, so
 * that null also answers for those: what the tests use to keep the zone schema inside the subset).
 */
export function compileQuickCheck(schema: JsonSchema, { eager = false }: { eager?: boolean } = {}): QuickCheck | null {
  return new Compiler(schema, eager).compileRoot();
}
