/**
 * Terraform's Cloudflare resources -> zone files, the report, and what makes Terraform let go
 * without destroying anything: a `removed { from = ... lifecycle { destroy = false } }` block per
 * imported resource (Terraform 1.7+, https://developer.hashicorp.com/terraform/language/resources/syntax#removing-resources)
 * or the equivalent `terraform state rm` commands. Terraform manages only its own resources, so an
 * imported zone keeps what it did not manage (`manage.unmanaged: keep`). API tokens of one zone
 * become that zone file's `tokens:` (terraform-tokens.ts). Pure.
 */
import { canonicalZoneName } from '../../model/names.js';
import { normalizeRecord } from '../../model/normalize.js';
import type { CanonicalRecord, RecordInput } from '../../model/record.js';
import { isRecordType, type RecordType, TOP_LEVEL_PRIORITY_TYPES } from '../../record-types/index.js';
import type { MigratedZone } from '../migrated-zone.js';
import type { InputProblem } from '../problems.js';
import type { MigrationReport, ReportItem, ZoneReport } from '../report.js';
import type { ExportedToken } from '../../export/export-tokens.js';
import type { TfResource } from './terraform-state.js';
import { commentReport } from '../comments/zone-comments.js';
import { placeTerraformComments, type ResourceOutcome } from './terraform-comments.js';
import { convertApiToken, TOKEN_RESOURCE } from './terraform-tokens.js';

const isMapping = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const RECORD_RESOURCES = new Set(['cloudflare_record', 'cloudflare_dns_record']);
const SETTINGS_FIELDS = [
  'flatten_all_cnames',
  'multi_provider',
  'ns_ttl',
  'secondary_overrides',
  'zone_mode',
  'nameservers',
  'soa',
] as const;

export interface TerraformImport {
  /** The resources imported (their zone files written): the hand-over names them. */
  readonly imported?: readonly TfResource[];
  readonly zones: readonly MigratedZone[];
  readonly report: MigrationReport;
  readonly problems: readonly InputProblem[];
}

/** The zones of `cloudflare_zone` resources and data sources: name by id, account id by name (v4 `account_id`, v5 `account.id`). */
function zonesOf(resources: readonly TfResource[]): { names: Map<string, string>; accounts: Map<string, string> } {
  const names = new Map<string, string>();
  const accounts = new Map<string, string>();
  for (const r of resources) {
    if (r.type !== 'cloudflare_zone') continue;
    const id = r.values.id ?? r.values.zone_id;
    const name = r.values.name ?? r.values.zone;
    if (typeof id !== 'string' || typeof name !== 'string') continue;
    const zone = canonicalZoneName(name);
    names.set(id, zone);
    const account = r.values.account_id ?? (isMapping(r.values.account) ? r.values.account.id : undefined);
    if (typeof account === 'string' && account !== '') accounts.set(zone, account);
  }
  return { names, accounts };
}

/** A record's `data` as the provider's state holds it, made the service's (fields emptied already dropped). */
type DataReader = (data: Record<string, unknown>) => Record<string, unknown>;

const asIs: DataReader = (data) => data;

/**
 * How each record type's `data` reads from the provider's state: one entry per type (the
 * compiler wants every type of src/facts/record-types.ts, so a new type cannot be forgotten).
 * The provider's `data` holds the service's field names, so most types take it as it is.
 */
const FROM_TERRAFORM: Readonly<Record<RecordType, DataReader>> = {
  A: asIs,
  AAAA: asIs,
  CNAME: asIs,
  MX: asIs,
  TXT: asIs,
  // v4 wrote a CAA's value as `content`.
  CAA: (data) => (data.value === undefined && data.content !== undefined ? { ...data, value: data.content } : data),
  // v4 kept the owner's parts (`service`, `proto`, `name`) in `data`; the record's name says them.
  SRV: ({ service: _service, proto: _proto, name: _name, ...data }) => data,
  SVCB: asIs,
  HTTPS: asIs,
  PTR: asIs,
  NS: asIs,
  DS: asIs,
  DNSKEY: asIs,
  URI: asIs,
  NAPTR: asIs,
  SSHFP: asIs,
  TLSA: asIs,
  SMIMEA: asIs,
  CERT: asIs,
  LOC: asIs,
  OPENPGPKEY: asIs,
};

/** `data` of a record: v4 a one-item list, v5 an object. */
function recordData(type: RecordType, values: Readonly<Record<string, unknown>>): Record<string, unknown> | undefined {
  const raw = Array.isArray(values.data) ? values.data[0] : values.data;
  if (!isMapping(raw)) return undefined;
  const data: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) if (v !== null && v !== undefined && v !== '') data[k] = v;
  return FROM_TERRAFORM[type](data);
}

function recordInput(values: Readonly<Record<string, unknown>>): RecordInput | string {
  const type = String(values.type ?? '');
  if (!isRecordType(type)) return `record type ${JSON.stringify(type)} is not one zonectl manages`;
  const proxied = values.proxied === true;
  const ttl = typeof values.ttl === 'number' && values.ttl !== 1 && !proxied ? values.ttl : 'auto';
  const name = typeof values.hostname === 'string' && values.hostname !== '' ? `${values.hostname}.` : String(values.name ?? '@');
  const content = values.content ?? values.value;
  const data = recordData(type, values);
  const settings = isMapping(values.settings) ? Object.fromEntries(Object.entries(values.settings).filter(([, v]) => v === true)) : {};
  const tags = Array.isArray(values.tags) ? values.tags.map(String) : [];
  return {
    name,
    type,
    ...(data !== undefined && Object.keys(data).length > 0 ? { data } : typeof content === 'string' ? { content } : {}),
    ...(typeof values.priority === 'number' && TOP_LEVEL_PRIORITY_TYPES.has(type) ? { priority: values.priority } : {}),
    ttl,
    proxied,
    ...(typeof values.comment === 'string' && values.comment !== '' ? { comment: values.comment } : {}),
    ...(tags.length > 0 ? { tags } : {}),
    ...(Object.keys(settings).length > 0 ? { settings } : {}),
  };
}

function settingsOf(values: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of SETTINGS_FIELDS) {
    const v = values[f];
    if (v === null || v === undefined) continue;
    if (isMapping(v)) {
      const inner = Object.fromEntries(Object.entries(v).filter(([, x]) => x !== null && x !== undefined));
      if (Object.keys(inner).length > 0) out[f] = inner;
    } else out[f] = v;
  }
  return out;
}

export function buildTerraformImport(
  resources: readonly TfResource[],
  options: { readonly zone?: string },
  /** The `.tf` files read: their comments are carried (terraform-comments.ts). */
  tfFiles: ReadonlyArray<{ readonly file: string; readonly text: string }> = [],
): TerraformImport {
  const problems: InputProblem[] = [];
  /** What each resource became (by its address without instance key): where its comments go. */
  const outcomes = new Map<string, { zone: string; written: object[] }>();
  const became = (r: TfResource, zone: string, written?: object): void => {
    const o = outcomes.get(r.resourceAddress) ?? { zone, written: [] };
    if (written !== undefined) o.written.push(written);
    outcomes.set(r.resourceAddress, o);
  };
  const other: ReportItem[] = [];
  const { names, accounts } = zonesOf(resources);
  const fallback = options.zone !== undefined ? canonicalZoneName(options.zone) : undefined;
  /** zone_ids of records that only --zone placed: a token naming one of them belongs to that zone too. */
  const fallbackIds = new Set<string>();
  const byZone = new Map<
    string,
    { records: CanonicalRecord[]; settings: Record<string, unknown>; tokens: ExportedToken[]; items: ReportItem[]; imported: TfResource[] }
  >();
  const imported: TfResource[] = [];
  const zoneOf = (r: TfResource): string | undefined => {
    const id = r.values.zone_id;
    const named = typeof id === 'string' ? names.get(id) : undefined;
    if (named === undefined && fallback !== undefined && typeof id === 'string') fallbackIds.add(id);
    return named ?? fallback;
  };
  const entry = (zone: string) => {
    let e = byZone.get(zone);
    if (e === undefined) byZone.set(zone, (e = { records: [], settings: {}, tokens: [], items: [], imported: [] }));
    return e;
  };
  const tokens: TfResource[] = [];
  for (const r of resources) {
    if (r.mode === 'data' || r.type === 'cloudflare_zone') continue;
    if (r.type === TOKEN_RESOURCE) {
      tokens.push(r);
      continue;
    }
    const isRecord = RECORD_RESOURCES.has(r.type);
    if (!isRecord && r.type !== 'cloudflare_zone_dns_settings') {
      if (r.type.startsWith('cloudflare_'))
        other.push({ kind: 'left_to_old_tool', subject: r.address, detail: 'not a DNS record, DNS setting or API token', at: r.at });
      continue;
    }
    const zone = zoneOf(r);
    if (zone === undefined) {
      problems.push({
        at: r.at,
        message: `${r.address}: zone_id ${JSON.stringify(r.values.zone_id)} is no cloudflare_zone of this state; say which zone with --zone NAME`,
      });
      continue;
    }
    const e = entry(zone);
    if (isRecord) {
      const input = recordInput(r.values);
      if (typeof input === 'string') {
        problems.push({ at: r.at, message: `${r.address}: ${input}` });
        continue;
      }
      const record = normalizeRecord(input, zone);
      e.records.push(record);
      became(r, zone, record);
    } else {
      Object.assign(e.settings, settingsOf(r.values));
      became(r, zone);
    }
    e.imported.push(r);
    imported.push(r);
  }
  // Tokens after the records: a token's zone may be one only --zone names (through a record's zone_id).
  const converted = tokens.map((r) => ({
    r,
    c: convertApiToken(r, {
      zoneOf: (id) => names.get(id) ?? (fallback !== undefined && fallbackIds.has(id) ? fallback : undefined),
      accountOf: (zone) => accounts.get(zone),
    }),
  }));
  const nameCount = new Map<string, number>();
  for (const { c } of converted) if (c.kind === 'token') nameCount.set(c.token.name, (nameCount.get(c.token.name) ?? 0) + 1);
  for (const { r, c } of converted) {
    if (c.kind === 'left') other.push(c.item);
    else if ((nameCount.get(c.token.name) ?? 0) > 1)
      other.push({
        kind: 'left_to_old_tool',
        subject: r.address,
        detail: `another imported token is also named ${JSON.stringify(c.token.name)}: zonectl matches tokens by name`,
        at: r.at,
      });
    else {
      const e = entry(c.zone);
      e.tokens.push(c.token);
      became(r, c.zone, c.token);
      e.items.push(...c.items);
      e.imported.push(r);
      imported.push(r);
    }
  }
  const comments = tfFiles.length > 0 ? placeTerraformComments(tfFiles, outcomes as ReadonlyMap<string, ResourceOutcome>) : undefined;
  const zones: MigratedZone[] = [];
  const reports: ZoneReport[] = [];
  for (const [zone, e] of byZone) {
    const zoneComments = comments?.zones.get(zone);
    const items: ReportItem[] = [
      ...e.items,
      {
        kind: 'meaning_changes',
        subject: 'records Terraform does not manage',
        detail:
          'Terraform manages only its own resources: the file says manage.unmanaged: keep (other live records are kept and reported, never deleted)',
      },
    ];
    zones.push({
      zone,
      records: e.records,
      ...(Object.keys(e.settings).length > 0 ? { settings: e.settings } : {}),
      ...(e.tokens.length > 0 ? { tokens: e.tokens } : {}),
      unmanaged: 'keep',
      items,
      ...(zoneComments !== undefined ? { comments: zoneComments } : {}),
    });
    reports.push({
      zone,
      imported: e.records.length,
      ...(e.tokens.length > 0 ? { tokens: e.tokens.length } : {}),
      items,
      ...(zoneComments !== undefined ? { comments: commentReport(zoneComments) } : {}),
    });
  }
  return {
    imported,
    zones,
    report: {
      from: 'terraform',
      zones: reports,
      other,
      ...(imported.length > 0 ? { release: releaseOf(imported, resources) } : {}),
      ...(comments !== undefined ? { comments: { notPlaced: comments.notPlaced, configuration: comments.configuration } } : {}),
    },
    problems,
  };
}

/**
 * `removed` blocks for resources whose every instance was imported (and whose module path has no
 * instance key, which a `removed` block cannot name); `terraform state rm` for each imported
 * instance. Every address here was built by terraform-address.ts from checked names and quoted
 * keys (terraform-state.ts, terraform-hcl.ts): one address each, on its own line.
 */
/** Resources whose every instance was imported and that a `removed` block can name. */
export function wholeResources(imported: readonly TfResource[], all: readonly TfResource[]): string[] {
  const done = new Set(imported.map((r) => r.address));
  return [...new Set(imported.filter((r) => r.removableByBlock !== false).map((r) => r.resourceAddress))].filter((a) =>
    all.filter((r) => r.resourceAddress === a).every((r) => done.has(r.address)),
  );
}

/** The `removed` block that makes Terraform forget a resource and leave what it made (Terraform 1.7+). */
export const removedBlock = (address: string): string => `removed {\n  from = ${address}\n  lifecycle {\n    destroy = false\n  }\n}`;

function releaseOf(imported: readonly TfResource[], all: readonly TfResource[]): { title: string; text: string } {
  const blocks = wholeResources(imported, all).map(removedBlock);
  const quote = (a: string) => `'${a.replace(/'/g, `'\\''`)}'`;
  const rm = imported.map((r) => `terraform state rm ${quote(r.address)}`);
  return {
    title: 'Make Terraform let go without destroying anything (delete these resources from the .tf files, then either):',
    text: `# Terraform 1.7+: add these blocks, then terraform plan shows "will no longer be managed", no destroy\n${blocks.join('\n')}\n\n# or, with any Terraform version:\n${rm.join('\n')}\n`,
  };
}
