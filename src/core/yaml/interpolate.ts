/**
 * `${VAR}` and `${VAR:-default}` in string scalars, from an environment map the caller passes
 * (the core never reads process.env). `$${` writes a literal `${`.
 *
 * A zone file reads only its own namespace: variables whose names start with `ZONECTL_`, as
 * Terraform reads only `TF_VAR_*`. Whoever sets up the job's environment decides what a file
 * can read; a pull request that changes a file cannot reach the API token or any other secret
 * of the job (`${CLOUDFLARE_API_TOKEN}` in a TXT record would otherwise be printed in the plan,
 * the PR comment, and published in DNS). The run's credential variables (`credentialVariables`:
 * zonectl's own and those zonectl.yaml names, src/app/files/read-repository-config.ts) are
 * refused even inside the namespace: zonectl.yaml refuses ZONECTL_* credential names, but a
 * pull request may edit it. SECURITY.md, "What a pull request can make a run read, run or send".
 */
import type { PathSegment } from '../text/index.js';

export type Env = Readonly<Record<string, string | undefined>>;

/** The prefix of every variable a zone file may read. */
export const VARIABLE_PREFIX = 'ZONECTL_';

interface InterpolationIssue {
  path: PathSegment[];
  message: string;
  code: 'interpolation.unset' | 'interpolation.malformed' | 'interpolation.forbidden';
}

export interface InterpolationOptions {
  /** Variables that hold credentials: never readable, whatever their names. */
  readonly credentialVariables?: ReadonlySet<string>;
  /** What reads the variable, as messages name it: `a zone file` (the default) or `zonectl.yaml`. */
  readonly reader?: string;
}

/** Why a zone file may not read `name`, or undefined when it may. */
export function forbiddenVariable(name: string, options: InterpolationOptions = {}): string | undefined {
  const reader = options.reader ?? 'a zone file';
  if (!name.startsWith(VARIABLE_PREFIX) || name.length === VARIABLE_PREFIX.length) {
    const suggested = `${VARIABLE_PREFIX}${name.replace(/^ZONECTL_?/, '') || 'NAME'}`;
    return `\`\${${name}}\`: ${reader} reads only variables named ${VARIABLE_PREFIX}* (set ${suggested} in the job's environment and write \${${suggested}}); credentials and the job's other variables are never readable`;
  }
  if (options.credentialVariables?.has(name) === true) {
    return `\`\${${name}}\` holds a credential zonectl reads: ${reader} can never read it`;
  }
  return undefined;
}

const REFERENCE = /\$\$\{|\$\{([^}]*)\}|\$\{/g;
const VAR_FORM = /^([A-Za-z_][A-Za-z0-9_]*)(?::-([\s\S]*))?$/;

/** Interpolate one string; `undefined` when it has no reference (the common case). */
export function interpolateString(
  value: string,
  env: Env,
  report: (message: string, code: InterpolationIssue['code']) => void,
  options: InterpolationOptions = {},
): string | undefined {
  if (!value.includes('${')) return undefined;
  return value.replace(REFERENCE, (match: string, inner: string | undefined) => {
    if (match === '$${') return '${';
    if (inner === undefined) {
      report('`${` is not closed; write `$${` for a literal `${`', 'interpolation.malformed');
      return match;
    }
    const m = VAR_FORM.exec(inner);
    if (!m) {
      report(
        `\`\${${inner}}\` is not a variable reference (use \${NAME} or \${NAME:-default}; write $\${ for a literal \${)`,
        'interpolation.malformed',
      );
      return match;
    }
    const [, name, fallback] = m;
    const forbidden = forbiddenVariable(name, options);
    if (forbidden !== undefined) {
      report(forbidden, 'interpolation.forbidden');
      return match;
    }
    const set = env[name];
    if (fallback !== undefined) return set === undefined || set === '' ? fallback : set;
    if (set === undefined) {
      report(`environment variable ${name} is not set (write \${${name}:-default} to give a default)`, 'interpolation.unset');
      return match;
    }
    return set;
  });
}

const INTEGER = /^-?(0|[1-9][0-9]*)$/;

/**
 * Fields whose value is a number or a boolean. A whole-value reference there is converted even
 * when quoted, since `{ ttl: ${TTL} }` is not valid YAML in a flow mapping and must be quoted.
 */
const TYPED_FIELDS: ReadonlySet<string> = new Set([
  'version',
  'ttl',
  'proxied',
  'priority',
  'weight',
  'port',
  'flags',
  'key_tag',
  'algorithm',
  'digest_type',
  'protocol',
  'order',
  'preference',
  'usage',
  'selector',
  'matching_type',
  'flatten_all_cnames',
  'multi_provider',
  'secondary_overrides',
  'ns_ttl',
  'ns_set',
  'refresh',
  'retry',
  'expire',
  'min_ttl',
  'max_delete_percent',
  'max_update_percent',
  'locked',
  'flatten_cname',
  'ipv4_only',
  'ipv6_only',
]);

/**
 * Interpolate every string scalar of a parsed document. Containers are copied only where a
 * value changes (the input is not mutated; shared alias nodes stay safe). In a numeric or
 * boolean field (ttl, proxied, priority, ...), a value that is nothing but one reference
 * (`ttl: "${TTL}"`) yields a number or boolean when the variable holds one; everywhere else the
 * result is a string.
 */
export function interpolateDocument(
  doc: unknown,
  env: Env,
  options: InterpolationOptions = {},
): { value: unknown; issues: InterpolationIssue[] } {
  const issues: InterpolationIssue[] = [];
  const path: PathSegment[] = [];
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') {
      const out = interpolateString(node, env, (message, code) => issues.push({ path: [...path], message, code }), options);
      if (out === undefined) return node;
      const key = path[path.length - 1];
      if (typeof key === 'string' && TYPED_FIELDS.has(key) && /^\$\{[^}]*\}$/.test(node)) {
        if (INTEGER.test(out)) return Number(out);
        if (out === 'true' || out === 'false') return out === 'true';
      }
      return out;
    }
    if (Array.isArray(node)) {
      let copy: unknown[] | null = null;
      for (let i = 0; i < node.length; i += 1) {
        path.push(i);
        const v = walk(node[i]);
        path.pop();
        if (v !== node[i]) {
          copy ??= [...node];
          copy[i] = v;
        }
      }
      return copy ?? node;
    }
    if (node !== null && typeof node === 'object') {
      let copy: Record<string, unknown> | null = null;
      const obj = node as Record<string, unknown>;
      for (const key of Object.keys(obj)) {
        path.push(key);
        const v = walk(obj[key]);
        path.pop();
        if (v !== obj[key]) {
          copy ??= { ...obj };
          copy[key] = v;
        }
      }
      return copy ?? node;
    }
    return node;
  };
  return { value: walk(doc), issues };
}

/** `value` with every string written so that interpolation reads it back as is (`${` as `$${`): for files zonectl writes. */
export function literalDocument<T>(value: T): T {
  if (typeof value === 'string') return (value.includes('${') ? value.replaceAll('${', () => '$${') : value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => literalDocument(v)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, literalDocument(v)])) as T;
  }
  return value;
}
