/**
 * octoDNS's main configuration (octodns/manager.py; docs/configuration.rst): `providers` (a `class`
 * and its options; `env/NAME` reads a variable) and `zones` (`sources`, `targets`, `lenient`,
 * `alias`, `processors`; `'*'` for every zone the sources list). What zonectl needs of it: which
 * zones are written by a Cloudflare provider, read from which YAML providers, with which
 * provider options. Pure: the caller lists the YAML directories for `'*'`.
 */
import { canonicalZoneName } from '../../model/names.js';
import type { InputProblem } from '../problems.js';
import type { ReportItem, SourceSpot } from '../report.js';
import { spotOf, type Spots } from './yaml-tree.js';

export const CLOUDFLARE_CLASS = 'octodns_cloudflare.CloudflareProvider';
const YAML_CLASSES = new Set(['octodns.provider.yaml.YamlProvider', 'octodns.provider.yaml.SplitYamlProvider']);

/** A YamlProvider source, with the options that decide which files hold a zone and how they read (octodns/provider/yaml.py). */
export interface YamlSource {
  readonly id: string;
  readonly directory: string;
  readonly defaultTtl: number;
  readonly splitExtension?: string;
  readonly sharedFilename?: string;
  readonly disableZonefile: boolean;
  readonly escapedSemicolons: boolean;
  readonly populateShouldReplace: boolean;
  readonly at: SourceSpot;
}

/** A CloudflareProvider target (octodns_cloudflare/__init__.py `CloudflareProvider.__init__` and its defaults). */
export interface CloudflareTarget {
  readonly id: string;
  /** `min_ttl` (octodns_cloudflare's default 120): the provider writes `max(min_ttl, ttl)`. */
  readonly minTtl: number;
  /** Where `min_ttl` is written (absent: octoDNS's default). */
  readonly minTtlAt?: SourceSpot;
  readonly pagerules: boolean;
  readonly cdn: boolean;
  /** `token: env/NAME` (with `email`, the Global API Key). */
  readonly tokenEnv?: string;
  readonly emailEnv?: string;
  /** `account_id`: a literal or `env/NAME` (kept as the variable's name). */
  readonly accountId?: { readonly literal: string } | { readonly env: string };
  /** Options whose meaning zonectl does not carry over (plan_type, regional_services, ...), as written. */
  readonly options: ReadonlyArray<{ readonly key: string; readonly value: unknown; readonly at?: SourceSpot }>;
  readonly at: SourceSpot;
}

export interface OctodnsZone {
  /** Canonical zone name (no trailing dot). */
  readonly zone: string;
  /** The key of `zones:` as written (`example.com.`); a zone of a `'*'` entry has that key. */
  readonly key: string;
  /** Written under a `'*'` entry (no entry of its own to edit). */
  readonly wildcard?: boolean;
  /** `targets` as written (provider ids, in order). */
  readonly targetIds?: readonly string[];
  /** `processors` as written, when the entry has them. */
  readonly processors?: readonly string[];
  readonly sources: readonly YamlSource[];
  readonly cloudflare?: CloudflareTarget;
  /** Other targets, by id. */
  readonly otherTargets: readonly string[];
  readonly lenient: boolean;
  /** An alias zone copies the records of this zone (canonical name). */
  readonly aliasOf?: string;
  readonly items: readonly ReportItem[];
  readonly at: SourceSpot;
}

export interface OctodnsConfig {
  readonly zones: readonly OctodnsZone[];
  readonly yamlSources: readonly YamlSource[];
  /** Zones the config names that zonectl cannot read (a source that is not a YAML provider, ...). */
  readonly other: readonly ReportItem[];
  readonly problems: readonly InputProblem[];
  /** True when `zones` has `'*'`: the caller lists the zones of its sources and calls again with them. */
  readonly dynamicZones?: { readonly sources: readonly YamlSource[] };
  /** `manager.include_meta: true`: where it is said (octoDNS then writes a meta TXT record in every zone). */
  readonly includeMeta?: SourceSpot;
}

const isMapping = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function envName(value: unknown): string | undefined {
  return typeof value === 'string' && value.startsWith('env/') ? value.slice(4) : undefined;
}

function yamlSource(id: string, p: Record<string, unknown>, at: SourceSpot): YamlSource {
  const split = p.class === 'octodns.provider.yaml.SplitYamlProvider';
  const ext = p.split_extension ?? (split ? '.' : undefined);
  return {
    id,
    directory: String(p.directory ?? '.'),
    defaultTtl: typeof p.default_ttl === 'number' ? p.default_ttl : 3600,
    ...(typeof ext === 'string' && ext !== '' ? { splitExtension: ext } : {}),
    ...(typeof p.shared_filename === 'string' ? { sharedFilename: p.shared_filename } : {}),
    disableZonefile: p.disable_zonefile === true || (split && p.disable_zonefile !== false),
    escapedSemicolons: p.escaped_semicolons !== false,
    populateShouldReplace: p.populate_should_replace === true,
    at,
  };
}

/** Options of the Cloudflare provider that only tune its HTTP client: nothing to carry over, nothing lost. */
const CLIENT_OPTIONS = new Set([
  'class',
  'token',
  'email',
  'account_id',
  'min_ttl',
  'pagerules',
  'cdn',
  'retry_count',
  'retry_period',
  'auth_error_retry_count',
  'zones_per_page',
  'records_per_page',
  'timeout',
  'strict_supports',
]);

function cloudflareTarget(id: string, p: Record<string, unknown>, spots: Spots, at: SourceSpot, other: ReportItem[]): CloudflareTarget {
  const tokenEnv = envName(p.token);
  const emailEnv = envName(p.email);
  if (p.token !== undefined && tokenEnv === undefined)
    other.push({
      kind: 'no_meaning',
      subject: `provider ${id} token`,
      detail:
        'written in the file, not read with env/NAME: zonectl.yaml names variables only, never a credential, so this provider gets no account (its zones use CLOUDFLARE_API_TOKEN); put the token in a variable',
      at: spotOf(spots, p, 'token') ?? at,
    });
  const account = envName(p.account_id);
  const options: Array<{ key: string; value: unknown; at?: SourceSpot }> = [];
  for (const [key, value] of Object.entries(p)) {
    if (CLIENT_OPTIONS.has(key)) continue;
    options.push({ key, value, ...(spotOf(spots, p, key) ? { at: spotOf(spots, p, key) } : {}) });
  }
  return {
    id,
    // octodns_cloudflare/__init__.py: `min_ttl=120` by default; `ttl = max(self.min_ttl, record.ttl)`
    // (https://github.com/octodns/octodns-cloudflare/blob/33cbe027b22adf061676e5135200c6de34f5ec73/octodns_cloudflare/__init__.py#L1250).
    minTtl: typeof p.min_ttl === 'number' ? p.min_ttl : 120,
    ...(typeof p.min_ttl === 'number' && spotOf(spots, p, 'min_ttl') !== undefined ? { minTtlAt: spotOf(spots, p, 'min_ttl')! } : {}),
    pagerules: p.pagerules !== false,
    cdn: p.cdn === true,
    ...(tokenEnv !== undefined ? { tokenEnv } : {}),
    ...(emailEnv !== undefined ? { emailEnv } : {}),
    ...(account !== undefined
      ? { accountId: { env: account } }
      : typeof p.account_id === 'string'
        ? { accountId: { literal: p.account_id } }
        : {}),
    options,
    at,
  };
}

function stringList(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/**
 * Reads the configuration. `zoneNames` (canonical) are the zones found in the YAML sources for a
 * `'*'` entry (the caller lists their directories once `dynamicZones` asks for it).
 */
export function readOctodnsConfig(root: unknown, spots: Spots, file: string, zoneNames: readonly string[] = []): OctodnsConfig {
  const problems: InputProblem[] = [];
  const other: ReportItem[] = [];
  const top: SourceSpot = { file, line: 1 };
  if (!isMapping(root) || !isMapping(root.providers) || !isMapping(root.zones)) {
    problems.push({
      at: top,
      message: 'not an octoDNS configuration: it needs `providers` and `zones` mappings (is this a zone file? pass the main configuration)',
    });
    return { zones: [], yamlSources: [], other, problems };
  }
  const providers = root.providers;
  const yamlById = new Map<string, YamlSource>();
  const cloudflareById = new Map<string, CloudflareTarget>();
  const classOf = new Map<string, string>();
  for (const [id, p] of Object.entries(providers)) {
    const at = spotOf(spots, providers, id) ?? top;
    if (!isMapping(p) || typeof p.class !== 'string') {
      problems.push({ at, message: `provider ${id}: needs a \`class\`` });
      continue;
    }
    classOf.set(id, p.class);
    if (YAML_CLASSES.has(p.class)) yamlById.set(id, yamlSource(id, p, at));
    else if (p.class === CLOUDFLARE_CLASS) cloudflareById.set(id, cloudflareTarget(id, p, spots, at, other));
  }
  const zones: OctodnsZone[] = [];
  const zoneEntries = Object.entries(root.zones);
  const expanded: Array<[string, unknown, SourceSpot, string]> = [];
  let dynamic: YamlSource[] | undefined;
  for (const [name, z] of zoneEntries) {
    const at = spotOf(spots, root.zones, name) ?? top;
    if (name.startsWith('*')) {
      const sources = isMapping(z) ? stringList(z.sources).flatMap((s) => (yamlById.has(s) ? [yamlById.get(s)!] : [])) : [];
      dynamic = sources;
      const listed = new Set(zoneEntries.map(([n]) => canonicalZoneName(n)));
      for (const zone of zoneNames) if (!listed.has(zone)) expanded.push([zone, z, at, name]);
      continue;
    }
    expanded.push([name, z, at, name]);
  }
  for (const [name, z, at, key] of expanded) {
    const zone = canonicalZoneName(name);
    if (!isMapping(z)) {
      problems.push({ at, message: `zone ${name}: must be a mapping (sources, targets)` });
      continue;
    }
    const items: ReportItem[] = [];
    if (typeof z.alias === 'string') {
      zones.push({
        zone,
        key,
        ...(key !== name ? { wildcard: true } : {}),
        sources: [],
        otherTargets: [],
        lenient: false,
        aliasOf: canonicalZoneName(z.alias),
        items,
        at,
      });
      continue;
    }
    const targets = stringList(z.targets);
    const cf = targets.filter((t) => cloudflareById.has(t));
    const sourceIds = stringList(z.sources);
    for (const id of [...sourceIds, ...targets])
      if (!classOf.has(id))
        problems.push({
          at: spotOf(spots, z, sourceIds.includes(id) ? 'sources' : 'targets') ?? at,
          message: `zone ${name}: provider ${id} is not defined`,
        });
    const notYaml = sourceIds.filter((s) => classOf.has(s) && !yamlById.has(s));
    if (cf.length > 1)
      items.push({
        kind: 'no_meaning',
        subject: `targets ${cf.join(', ')}`,
        detail: `several Cloudflare providers write this zone; zonectl writes it with the first, ${cf[0]}`,
        at,
      });
    if (notYaml.length > 0) {
      other.push({
        kind: 'left_to_old_tool',
        subject: `zone ${zone}`,
        detail: `its source ${notYaml.map((s) => `${s} (${classOf.get(s)})`).join(', ')} is not a YAML provider: zonectl cannot read its records (export the live zone with \`zonectl export\` instead)`,
        at,
      });
      continue;
    }
    for (const key of Object.keys(z)) {
      if (['sources', 'targets', 'lenient', 'alias'].includes(key)) continue;
      items.push({
        kind: 'no_meaning',
        subject: `zone option ${key}`,
        detail:
          key === 'processors'
            ? `processors ${stringList(z.processors).join(', ')} change what octoDNS writes; zonectl writes the records as the files hold them`
            : 'octoDNS-only; not carried over',
        at: spotOf(spots, z, key) ?? at,
      });
    }
    zones.push({
      zone,
      key,
      ...(key !== name ? { wildcard: true } : {}),
      targetIds: targets,
      ...(z.processors !== undefined ? { processors: stringList(z.processors) } : {}),
      sources: sourceIds.map((s) => yamlById.get(s)!).filter((s) => s !== undefined),
      ...(cf.length > 0 ? { cloudflare: cloudflareById.get(cf[0]!)! } : {}),
      otherTargets: targets.filter((t) => !cloudflareById.has(t)),
      lenient: z.lenient === true,
      items,
      at,
    });
  }
  const manager = isMapping(root.manager) ? root.manager : undefined;
  return {
    zones,
    yamlSources: [...yamlById.values()],
    other,
    problems,
    ...(dynamic !== undefined ? { dynamicZones: { sources: dynamic } } : {}),
    ...(manager?.include_meta === true ? { includeMeta: spotOf(spots, manager, 'include_meta') ?? top } : {}),
  };
}
