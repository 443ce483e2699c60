/**
 * Terraform `.tf` files, as HashiCorp's HCL parser turns them into JSON (@cdktf/hcl2json: blocks
 * as `{resource: {TYPE: {NAME: [body]}}}`, every expression that is not a literal as a `${...}`
 * string) -> the Cloudflare resources whose values are all literals. A value that is not (`var.ip`,
 * a function call, `count`, `for_each`, a `dynamic` block) is never guessed: that resource is left to
 * Terraform and named by file and line. A `zone_id` that refers to a `cloudflare_zone` resource or
 * data source is resolved through its name (`zone` in provider v4, `name` or `filter.name` in v5),
 * in an API token's resource keys too. `jsonencode(...)` of a literal is expanded by the caller
 * (read-terraform.ts, with the same parser). Pure: the caller runs the parser.
 */
import type { InputProblem } from '../problems.js';
import type { ReportItem, SourceSpot } from '../report.js';
import { isTerraformName } from './terraform-address.js';
import type { TfResource } from './terraform-state.js';
import { TOKEN_RESOURCE } from './terraform-tokens.js';

export interface HclFile {
  readonly file: string;
  readonly text: string;
  /** The parser's JSON of the file. */
  readonly json: unknown;
}

const isMapping = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const META_ARGUMENTS = new Set(['count', 'for_each', 'dynamic']);
const IGNORED_META = new Set(['provider', 'depends_on', 'lifecycle']);

/** A string holding an interpolation or a template directive is an expression, not a literal. */
function isLiteral(v: unknown): boolean {
  if (typeof v === 'string') return !/(^|[^$])\$\{|(^|[^%])%\{/.test(v);
  if (Array.isArray(v)) return v.every(isLiteral);
  if (isMapping(v)) return Object.entries(v).every(([k, x]) => isLiteral(k) && isLiteral(x));
  return true;
}

function blockLine(text: string, kind: string, type: string, name: string): number | undefined {
  const re = new RegExp(`^\\s*${kind}\\s+"${type}"\\s+"${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`);
  const i = text.split('\n').findIndex((l) => re.test(l));
  return i >= 0 ? i + 1 : undefined;
}

function attributeLine(text: string, from: number | undefined, attr: string): number | undefined {
  if (from === undefined) return undefined;
  const lines = text.split('\n');
  const re = new RegExp(`^\\s*${attr}\\s*(=|\\{)`);
  for (let i = from; i < lines.length && i < from + 200; i += 1) if (re.test(lines[i]!)) return i + 1;
  return from;
}

interface Block {
  readonly kind: 'resource' | 'data';
  readonly type: string;
  readonly name: string;
  readonly body: Record<string, unknown>;
  readonly at: SourceSpot;
  readonly text: string;
}

/**
 * The file's resource and data blocks. A label Terraform would refuse (not an identifier: a
 * newline, `}`, a quote) is a problem at its block, never an address: addresses go into the
 * report's `removed` blocks (terraform-address.ts).
 */
function blocksOf(f: HclFile, problems: InputProblem[]): Block[] {
  const out: Block[] = [];
  if (!isMapping(f.json)) return out;
  for (const kind of ['resource', 'data'] as const) {
    const byType = f.json[kind];
    if (!isMapping(byType)) continue;
    for (const [type, byName] of Object.entries(byType)) {
      if (!isMapping(byName)) continue;
      for (const [name, bodies] of Object.entries(byName)) {
        const body = Array.isArray(bodies) ? bodies[0] : bodies;
        if (!isMapping(body)) continue;
        const line = isTerraformName(type) && isTerraformName(name) ? blockLine(f.text, kind, type, name) : labelLine(f.text, kind, name);
        const at = { file: f.file, ...(line !== undefined ? { line } : {}) };
        const bad = !isTerraformName(type) ? ['resource type', type] : !isTerraformName(name) ? ['resource name', name] : undefined;
        if (bad !== undefined) {
          problems.push({
            at,
            message: `${bad[0]} ${JSON.stringify(bad[1])} is not a Terraform name (letters, digits, _ and -, not starting with a digit; Terraform refuses it too)`,
          });
          continue;
        }
        out.push({ kind, type, name, body, at, text: f.text });
      }
    }
  }
  return out;
}

/** The line of a block whose label is no identifier (written with escapes in the file): the first `KIND "..." "` line naming it, if any. */
function labelLine(text: string, kind: string, name: string): number | undefined {
  const written = JSON.stringify(name).slice(1, -1);
  const i = text.split('\n').findIndex((l) => l.trimStart().startsWith(`${kind} `) && l.includes(`"${written}"`));
  return i >= 0 ? i + 1 : undefined;
}

/** `${cloudflare_zone.main.id}` / `${data.cloudflare_zone.main.zone_id}` -> the block it names. */
function zoneReference(v: unknown): { kind: 'resource' | 'data'; name: string } | undefined {
  if (typeof v !== 'string') return undefined;
  const m = /^\$\{(data\.)?cloudflare_zone\.([A-Za-z0-9_-]+)\.(id|zone_id)\}$/.exec(v);
  return m !== null ? { kind: m[1] !== undefined ? 'data' : 'resource', name: m[2]! } : undefined;
}

const ZONE_IN_KEY = /\$\{(data\.)?cloudflare_zone\.([A-Za-z0-9_-]+)\.(?:id|zone_id)\}/g;
/** The v4 data source of permission groups: `...all.zone["DNS Write"]` is the group named so. */
const PERMISSION_GROUP =
  /^\$\{data\.cloudflare_api_token_permission_groups\.[A-Za-z0-9_-]+\.(?:zone|account|user|r2|permissions)\["([^"\\]+)"\]\}$/;

/**
 * A `cloudflare_api_token` body with the references zonectl can read without guessing: a zone in a
 * resource key (`"com.cloudflare.api.account.zone.${cloudflare_zone.main.id}"`, as zone_id
 * elsewhere) and a permission group of the v4 data source (by its name). Other expressions stay.
 */
function tokenReferences(body: Record<string, unknown>): Record<string, unknown> {
  const zoneKeys = (resources: unknown): unknown =>
    isMapping(resources)
      ? Object.fromEntries(
          Object.entries(resources).map(([k, v]) => [
            k.replace(
              ZONE_IN_KEY,
              (_m, data: string | undefined, name: string) => `${data !== undefined ? 'data' : 'resource'}.cloudflare_zone.${name}`,
            ),
            zoneKeys(v),
          ]),
        )
      : resources;
  const policy = (p: unknown): unknown =>
    isMapping(p)
      ? {
          ...p,
          resources: zoneKeys(p.resources),
          ...(Array.isArray(p.permission_groups)
            ? {
                permission_groups: p.permission_groups.map((g) => {
                  const m = typeof g === 'string' ? PERMISSION_GROUP.exec(g) : null;
                  return m !== null ? { name: m[1] } : g;
                }),
              }
            : {}),
        }
      : p;
  return {
    ...body,
    ...(Array.isArray(body.policy) ? { policy: body.policy.map(policy) } : {}),
    ...(Array.isArray(body.policies) ? { policies: body.policies.map(policy) } : {}),
  };
}

function zoneName(body: Record<string, unknown>): string | undefined {
  const v = body.zone ?? body.name ?? (isMapping(body.filter) ? body.filter.name : undefined);
  return typeof v === 'string' && isLiteral(v) ? v : undefined;
}

/** Resources of the files, literal ones as TfResource (zone_id resolved), the others reported. */
export function readTerraformHcl(files: readonly HclFile[]): { resources: TfResource[]; left: ReportItem[]; problems: InputProblem[] } {
  const problems: InputProblem[] = [];
  const blocks = files.flatMap((f) => blocksOf(f, problems));
  const resources: TfResource[] = [];
  const left: ReportItem[] = [];
  for (const b of blocks) {
    if (b.type !== 'cloudflare_zone') continue;
    const name = zoneName(b.body);
    if (name === undefined) continue;
    const id = `${b.kind}.cloudflare_zone.${b.name}`;
    resources.push({ address: id, resourceAddress: id, mode: 'data', type: 'cloudflare_zone', values: { id, name }, at: b.at });
  }
  for (const b of blocks) {
    if (b.kind !== 'resource' || b.type === 'cloudflare_zone' || !b.type.startsWith('cloudflare_')) continue;
    const address = `${b.type}.${b.name}`;
    const body = b.type === TOKEN_RESOURCE ? tokenReferences(b.body) : b.body;
    const meta = Object.keys(body).find((k) => META_ARGUMENTS.has(k));
    if (meta !== undefined) {
      left.push({
        kind: 'left_to_old_tool',
        subject: address,
        detail: `\`${meta}\` makes its instances known to Terraform only; never guessed`,
        at: { file: b.at.file, line: attributeLine(b.text, (b.at.line ?? 1) - 1, meta) ?? b.at.line },
      });
      continue;
    }
    const values: Record<string, unknown> = {};
    let notLiteral: string | undefined;
    for (const [k, v] of Object.entries(body)) {
      if (IGNORED_META.has(k)) continue;
      if (k === 'zone_id') {
        const ref = zoneReference(v);
        if (ref !== undefined) {
          values.zone_id = `${ref.kind}.cloudflare_zone.${ref.name}`;
          continue;
        }
      }
      if (!isLiteral(v)) {
        notLiteral ??= k;
        continue;
      }
      values[k] = v;
    }
    if (notLiteral !== undefined) {
      left.push({
        kind: 'left_to_old_tool',
        subject: address,
        detail: `\`${notLiteral}\` is not a literal (${String(JSON.stringify(body[notLiteral])).slice(0, 80)}); never guessed`,
        at: { file: b.at.file, line: attributeLine(b.text, (b.at.line ?? 1) - 1, notLiteral) ?? b.at.line },
      });
      continue;
    }
    resources.push({ address, resourceAddress: address, mode: 'managed', type: b.type, values, at: b.at });
  }
  return { resources, left, problems };
}
