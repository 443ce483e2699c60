/**
 * Terraform's state (format version 4: `resources[].instances[].attributes`) or `terraform show
 * -json` (`values.root_module.resources[].values`, child modules nested) -> the Cloudflare
 * resources it manages, each with its address. Which resources (terraform-provider-cloudflare):
 * v4 `cloudflare_record` (schema of internal/services/dns_record/migration/v500/model.go
 * `SourceCloudflareRecordModel`: `value` or `content`, `data` a one-item list, CAA `content`), v5
 * `cloudflare_dns_record` (`data` an object, `settings`), `cloudflare_zone` (resource or data
 * source: its id names the zone), `cloudflare_zone_dns_settings`, `cloudflare_api_token` (its secret
 * never read). Pure.
 */
import type { InputProblem } from '../problems.js';
import type { SourceSpot } from '../report.js';
import {
  instanceAddressText,
  instanceKeyText,
  isTerraformName,
  parseAddress,
  removableByBlock,
  resourceAddressText,
} from './terraform-address.js';

export interface TfResource {
  /** Terraform's address: `module.dns.cloudflare_record.www["a"]`, `data.cloudflare_zone.main`. */
  readonly address: string;
  /** The resource's address without the instance key (what a `removed` block names). */
  readonly resourceAddress: string;
  /** A `removed` block may name the resource (no instance key in its module path); absent: it may. */
  readonly removableByBlock?: boolean;
  readonly mode: 'managed' | 'data';
  readonly type: string;
  readonly values: Readonly<Record<string, unknown>>;
  readonly at: SourceSpot;
}

const isMapping = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Attributes of the token resources that hold their secret (never read, never written). */
const TOKEN_SECRET_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  cloudflare_api_token: ['value'],
  cloudflare_account_token: ['value'],
};

/**
 * The attributes without any secret: the token resources' `value` (terraform-tokens.ts) and every
 * top-level attribute the state marks sensitive (state v4 `sensitive_attributes` paths, `show -json`
 * `sensitive_values`). Dropped here, before anything else reads the resource, so that no report,
 * error or file can carry them.
 */
function withoutSecrets(type: string, values: Record<string, unknown>, sensitive: unknown): Record<string, unknown> {
  const drop = new Set(TOKEN_SECRET_ATTRIBUTES[type] ?? []);
  if (isMapping(sensitive)) for (const [k, v] of Object.entries(sensitive)) if (v === true) drop.add(k);
  if (Array.isArray(sensitive))
    for (const path of sensitive) {
      const step: unknown = Array.isArray(path) ? path[0] : path;
      if (isMapping(step) && step.type === 'get_attr' && typeof step.value === 'string') drop.add(step.value);
    }
  if (drop.size === 0) return values;
  return Object.fromEntries(Object.entries(values).filter(([k]) => !drop.has(k)));
}

/** A name of the state that Terraform would not accept: refused at its line (it would go into the report's blocks). */
function badName(what: string, name: string, at: SourceSpot): InputProblem {
  return { at, message: `${what} ${JSON.stringify(name)} is not a Terraform name (letters, digits, _ and -, not starting with a digit)` };
}

function fromState(
  doc: Record<string, unknown>,
  file: string,
  lineOf: (needle: string) => number | undefined,
  problems: InputProblem[],
): TfResource[] {
  const out: TfResource[] = [];
  for (const r of doc.resources as unknown[]) {
    if (!isMapping(r) || typeof r.type !== 'string' || typeof r.name !== 'string') continue;
    const mode = r.mode === 'data' ? 'data' : 'managed';
    const line = lineOf(`"name": ${JSON.stringify(r.name)}`);
    const at: SourceSpot = { file, ...(line ? { line } : {}) };
    if (!isTerraformName(r.name)) {
      problems.push(badName('resource name', r.name, at));
      continue;
    }
    if (!isTerraformName(r.type)) {
      problems.push(badName('resource type', r.type, at));
      continue;
    }
    const parsed = parseAddress(
      `${typeof r.module === 'string' ? `${r.module}.` : ''}${mode === 'data' ? 'data.' : ''}${r.type}.${r.name}`,
    );
    if (parsed === undefined) {
      problems.push({ at, message: `module ${JSON.stringify(String(r.module))} is not a Terraform module address` });
      continue;
    }
    const base = resourceAddressText(parsed);
    for (const inst of Array.isArray(r.instances) ? r.instances : []) {
      if (!isMapping(inst) || !isMapping(inst.attributes)) continue;
      const key = typeof inst.index_key === 'number' || typeof inst.index_key === 'string' ? inst.index_key : undefined;
      out.push({
        address: `${base}${key !== undefined ? instanceKeyText(key) : ''}`,
        resourceAddress: base,
        removableByBlock: removableByBlock(parsed),
        mode,
        type: r.type,
        values: withoutSecrets(r.type, inst.attributes, inst.sensitive_attributes),
        at,
      });
    }
  }
  return out;
}

function fromShow(
  module: Record<string, unknown>,
  file: string,
  lineOf: (needle: string) => number | undefined,
  out: TfResource[],
  problems: InputProblem[],
): void {
  for (const r of Array.isArray(module.resources) ? module.resources : []) {
    if (!isMapping(r) || typeof r.type !== 'string' || typeof r.address !== 'string' || !isMapping(r.values)) continue;
    const line = lineOf(`"address": ${JSON.stringify(r.address)}`);
    const at: SourceSpot = { file, ...(line ? { line } : {}) };
    const parsed = parseAddress(r.address);
    if (parsed === undefined || parsed.type !== r.type) {
      problems.push({ at, message: `resource address ${JSON.stringify(r.address)} is not a Terraform address` });
      continue;
    }
    out.push({
      address: instanceAddressText(parsed),
      resourceAddress: resourceAddressText(parsed),
      removableByBlock: removableByBlock(parsed),
      mode: parsed.mode,
      type: r.type,
      values: withoutSecrets(r.type, r.values, r.sensitive_values),
      at,
    });
  }
  for (const child of Array.isArray(module.child_modules) ? module.child_modules : [])
    if (isMapping(child)) fromShow(child, file, lineOf, out, problems);
}

/** The resources of a state file or of `terraform show -json`; anything else is a problem at its first line. */
export function readTerraformJson(doc: unknown, text: string, file: string): { resources: TfResource[]; problems: InputProblem[] } {
  const lines = text.split('\n');
  const lineOf = (needle: string): number | undefined => {
    const i = lines.findIndex((l) => l.includes(needle));
    return i >= 0 ? i + 1 : undefined;
  };
  if (isMapping(doc) && typeof doc.version === 'number' && Array.isArray(doc.resources)) {
    if (doc.version !== 4)
      return {
        resources: [],
        problems: [
          { at: { file, line: 1 }, message: `Terraform state version ${doc.version}: only version 4 (Terraform 0.12 and later) is read` },
        ],
      };
    const problems: InputProblem[] = [];
    const resources = fromState(doc, file, lineOf, problems);
    return { resources, problems };
  }
  if (isMapping(doc) && typeof doc.format_version === 'string') {
    if (isMapping(doc.values) && isMapping(doc.values.root_module)) {
      const out: TfResource[] = [];
      const problems: InputProblem[] = [];
      fromShow(doc.values.root_module, file, lineOf, out, problems);
      return { resources: out, problems };
    }
    if (doc.planned_values !== undefined)
      return {
        resources: [],
        problems: [
          {
            at: { file, line: 1 },
            message: 'the JSON of a plan, not of the state: run `terraform show -json` without a plan file (or pass terraform.tfstate)',
          },
        ],
      };
    return {
      resources: [],
      problems: [{ at: { file, line: 1 }, message: '`terraform show -json` output without `values` (an empty state?)' }],
    };
  }
  return {
    resources: [],
    problems: [
      {
        at: { file, line: 1 },
        message:
          'not Terraform state nor `terraform show -json` output (state has `version: 4` and `resources`; show -json has `format_version` and `values`)',
      },
    ],
  };
}
