/**
 * An octoDNS configuration and its zones' files -> zonectl zone files, the accounts of zonectl.yaml
 * and the migration report. Each zone octoDNS writes with a Cloudflare provider gets a file (every
 * zone with `allZones`); a Cloudflare provider becomes an account whose `token_env` is the variable
 * its `token: env/NAME` reads (with `email: env/NAME`, a key pair). Pure.
 */
import { isAccountName, type IgnoreRule } from '../../zonefile/index.js';
import type { MigratedZone } from '../migrated-zone.js';
import type { AccountOut, PolicyOut } from '../repo-config-out.js';
import type { Handover } from '../handover.js';
import { octodnsHandover } from './octodns-handover.js';
import type { InputProblem } from '../problems.js';
import type { MigrationReport, ReportItem, SourceSpot, ZoneReport } from '../report.js';
import type { CloudflareTarget, OctodnsConfig, OctodnsZone } from './octodns-config.js';
import { yamlComments } from '../comments/yaml-comments.js';
import { commentReport, remapComments } from '../comments/zone-comments.js';
import type { FileComments } from './octodns-comments.js';
import { convertOctodnsZone, type OctodnsZoneFile } from './octodns-zone.js';
import type { Spots } from './yaml-tree.js';

/** The name of the meta record `manager.include_meta` makes octoDNS write (octodns/manager.py). */
const META_RECORD = 'octodns-meta';

export interface OctodnsImport {
  readonly zones: readonly MigratedZone[];
  /** Accounts for zonectl.yaml (empty: the zones use CLOUDFLARE_API_TOKEN as zonectl does by default). */
  readonly accounts: readonly AccountOut[];
  /** The edit of the octoDNS configuration that makes octoDNS let go (issue 40 item 4). */
  readonly handover?: Handover;
  /** The providers' `min_ttl`, kept as the repository's policy (when the providers agree; else each account's). */
  readonly policy?: PolicyOut;
  readonly report: MigrationReport;
  readonly problems: readonly InputProblem[];
}

function accountOf(t: CloudflareTarget): AccountOut | undefined {
  if (t.tokenEnv === undefined || !isAccountName(t.id)) return undefined;
  const id = t.accountId;
  // zonectl.yaml reads only ZONECTL_* variables (README, "Variables"): the report says which to set.
  const accountId =
    id === undefined
      ? undefined
      : 'env' in id
        ? `\${ZONECTL_${id.env}}`
        : /^[0-9a-f]{32}$/i.test(id.literal)
          ? id.literal.toLowerCase()
          : undefined;
  return {
    name: t.id,
    ...(accountId !== undefined ? { account_id: accountId } : {}),
    credentials: t.emailEnv !== undefined ? { email_env: t.emailEnv, key_env: t.tokenEnv } : { token_env: t.tokenEnv },
  };
}

/** Provider options that change what is live: said in every zone the provider writes. */
function providerItems(t: CloudflareTarget): ReportItem[] {
  const items: ReportItem[] = [];
  if (t.accountId !== undefined && 'env' in t.accountId)
    items.push({
      kind: 'meaning_changes',
      subject: `provider ${t.id} account_id: env/${t.accountId.env}`,
      detail: `zonectl.yaml reads only ZONECTL_* variables: set ZONECTL_${t.accountId.env} to the account id`,
      at: t.at,
    });
  if (t.cdn)
    items.push({
      kind: 'no_meaning',
      subject: `provider ${t.id} cdn: true`,
      detail:
        'octoDNS reads proxied records as CNAMEs to .cdn.cloudflare.net and never proxies what it writes; the records are written as the files hold them, unproxied',
      at: t.at,
    });
  for (const o of t.options) {
    const detail =
      o.key === 'plan_type'
        ? "octoDNS changes the zone's plan to it; zonectl never changes a plan (it reads the plan and checks the file against it)"
        : o.key === 'regional_services'
          ? 'Regional Services hostnames are not DNS records; zonectl does not manage them'
          : o.key === 'api_url'
            ? 'zonectl reads the API base URL from --base-url or CLOUDFLARE_BASE_URL'
            : "an option of octoDNS's provider; not carried over";
    items.push({
      kind: 'no_meaning',
      subject: `provider ${t.id} ${o.key}: ${JSON.stringify(o.value)}`,
      detail,
      ...(o.at ? { at: o.at } : {}),
    });
  }
  return items;
}

export function buildOctodnsImport(
  config: OctodnsConfig,
  filesOf: ReadonlyMap<string, readonly OctodnsZoneFile[]>,
  spots: Spots,
  options: { readonly allZones: boolean; readonly texts?: ReadonlyMap<string, string>; readonly configFile?: string },
): OctodnsImport {
  // The comments of every file read (the zones' files and what they include), placed zone by zone.
  const comments =
    options.texts === undefined
      ? undefined
      : new Map(
          [...options.texts].map(([file, text]): [string, FileComments] => {
            const found = yamlComments(text, file);
            return [file, { comments: found.comments, documentStart: found.documentStart, lines: text.split(/\r?\n/) }];
          }),
        );
  const problems: InputProblem[] = [...config.problems];
  const other: ReportItem[] = [...config.other];
  const zones: MigratedZone[] = [];
  const reports: ZoneReport[] = [];
  const targets = new Map<string, CloudflareTarget>();
  const targetOf = new Map<string, CloudflareTarget>();
  const converted = new Map<string, ReturnType<typeof convertOctodnsZone>>();
  for (const z of config.zones) {
    if (z.aliasOf !== undefined) continue;
    if (z.cloudflare === undefined && !options.allZones) {
      other.push({
        kind: 'left_to_old_tool',
        subject: `zone ${z.zone}`,
        detail: `no Cloudflare target (targets: ${z.otherTargets.join(', ') || 'none'}); --all-zones writes it too`,
        at: z.at,
      });
      continue;
    }
    converted.set(z.zone, convertOctodnsZone(z.zone, filesOf.get(z.zone) ?? [], z.cloudflare, spots, comments));
  }
  for (const z of config.zones) {
    const aliased = z.aliasOf !== undefined ? config.zones.find((x) => x.zone === z.aliasOf) : undefined;
    const base = aliased ?? z;
    const result = converted.get(base.zone);
    if (result === undefined) {
      if (z.aliasOf !== undefined && aliased === undefined)
        problems.push({ at: z.at, message: `zone ${z.zone}: alias of ${z.aliasOf}, which the configuration does not define` });
      continue;
    }
    if (z !== base) {
      // An alias zone is an exact copy: same relative names, under its own apex.
      const suffix = `.${base.zone}`;
      const rebase = (n: string) => (n === base.zone ? z.zone : n.endsWith(suffix) ? `${n.slice(0, -suffix.length)}.${z.zone}` : n);
      const rebased = new Map(result.records.map((r) => [r as object, { ...r, name: rebase(r.name) } as object]));
      const records = result.records.map((r) => rebased.get(r) as typeof r);
      const comments = remapComments(result.comments, (o) => rebased.get(o) ?? o);
      zones.push(
        zoneOf(
          z.zone,
          records,
          { ...result, comments },
          [
            {
              kind: 'meaning_changes',
              subject: `zone ${z.zone}`,
              detail: `an octoDNS alias of ${base.zone}: written as its own copy of those records (edit both files from now on)`,
              at: z.at,
            },
          ],
          octodnsDefaults(base),
        ),
      );
    } else {
      problems.push(...result.problems);
      zones.push(zoneOf(z.zone, result.records, result, z.items, octodnsDefaults(z)));
    }
    const t = base.cloudflare;
    if (t !== undefined) {
      targets.set(t.id, t);
      targetOf.set(z.zone, t);
    }
  }
  const accountList = [...targets.values()].map((t) => ({ t, a: accountOf(t) }));
  // One provider reading zonectl's own variable needs no zonectl.yaml.
  const plain =
    accountList.length === 1 &&
    accountList[0]!.t.tokenEnv === 'CLOUDFLARE_API_TOKEN' &&
    accountList[0]!.t.emailEnv === undefined &&
    accountList[0]!.t.accountId === undefined;
  // The providers' min_ttl (issue 40 item 3): one repository policy when they agree, else each account's.
  const used = [...targets.values()];
  const mins = new Set(used.map((t) => t.minTtl));
  const policy: PolicyOut | undefined = mins.size === 1 ? { minTtl: [...mins][0]!, comment: used.map(minTtlSource).join('; ') } : undefined;
  if (used.length > 0)
    other.push({
      kind: 'meaning_changes',
      subject: `min_ttl ${[...mins].join(', ')}`,
      detail: `octoDNS raised lower TTLs to its provider's min_ttl silently; zonectl.yaml keeps it as ${policy !== undefined ? 'policy.min_ttl' : "each account's policy.min_ttl"}, which validate enforces (a lower TTL is refused, named by file and line)`,
      ...(used[0]!.minTtlAt !== undefined ? { at: used[0]!.minTtlAt } : { at: used[0]!.at }),
    });
  const accounts = plain
    ? []
    : accountList.flatMap(({ t, a }) =>
        a === undefined ? [] : [policy === undefined ? { ...a, policy: { minTtl: t.minTtl, comment: minTtlSource(t) } } : a],
      );
  const named = new Set(accounts.map((a) => a.name));
  const finalZones = zones.map((z) => {
    const t = targetOf.get(z.zone);
    const meta = t !== undefined && config.includeMeta !== undefined ? metaRecord(z, t, config.includeMeta) : undefined;
    const items = t !== undefined ? [...z.items, ...providerItems(t), ...(meta !== undefined ? [meta.item] : [])] : z.items;
    reports.push({
      zone: z.zone,
      imported: z.records.length,
      items,
      ...(z.comments !== undefined ? { comments: commentReport(z.comments) } : {}),
    });
    return {
      ...z,
      items,
      ...(meta?.rule !== undefined ? { ignore: [...(z.ignore ?? []), meta.rule] } : {}),
      ...(t !== undefined && named.has(t.id) ? { account: t.id } : {}),
    };
  });
  const handover =
    options.texts !== undefined && options.configFile !== undefined
      ? octodnsHandover(
          config,
          finalZones.map((z) => ({
            zone: z.zone,
            // A URL forward octoDNS writes (its provider has pagerules on): the zone's entry stays for it.
            keepsUrlfwd:
              targetOf.get(z.zone)?.pagerules !== false && z.items.some((i) => i.kind === 'left_to_old_tool' && / URLFWD$/.test(i.subject)),
            ...(targetOf.get(z.zone) !== undefined ? { target: targetOf.get(z.zone)! } : {}),
          })),
          options.configFile,
          options.texts,
        )
      : undefined;
  return {
    ...(handover !== undefined ? { handover } : {}),
    zones: finalZones,
    accounts,
    ...(policy !== undefined ? { policy } : {}),
    report: { from: 'octodns', zones: reports, other },
    problems,
  };
}

/** Where a provider's min_ttl comes from, for the comment above it in zonectl.yaml. */
function minTtlSource(t: CloudflareTarget): string {
  return t.minTtlAt !== undefined
    ? `octoDNS provider ${t.id}: min_ttl ${t.minTtl} (${t.minTtlAt.file}${t.minTtlAt.line !== undefined ? `:${t.minTtlAt.line}` : ''})`
    : `octoDNS provider ${t.id}: min_ttl ${t.minTtl}, octodns-cloudflare's default (${t.at.file}${t.at.line !== undefined ? `:${t.at.line}` : ''})`;
}

/**
 * `manager.include_meta`: octoDNS adds a MetaProcessor (octodns/manager.py: record_name
 * `octodns-meta`, include_provider, no time) whose TXT record `octodns-meta` (TTL 60, values
 * `provider=TARGET`, octodns/processor/meta.py) every target writes. zonectl leaves that record as
 * it is (manage.ignore): the first plan deletes nothing, and octoDNS may keep reading it.
 */
function metaRecord(z: MigratedZone, t: CloudflareTarget, at: SourceSpot): { rule?: IgnoreRule; item: ReportItem } {
  const fqdn = `${META_RECORD}.${z.zone}`;
  if (z.records.some((r) => r.type === 'TXT' && r.name === fqdn))
    return {
      item: {
        kind: 'no_meaning',
        subject: 'manager.include_meta',
        detail: `the zone's files list a TXT ${META_RECORD} record of their own (octoDNS refuses to add its meta record beside it: a duplicate record); the files' record is imported`,
        at,
      },
    };
  return {
    rule: { name: META_RECORD, type: 'TXT' },
    item: {
      kind: 'meaning_changes',
      subject: 'manager.include_meta',
      detail: `octoDNS writes a TXT record ${META_RECORD} (provider=${t.id}): it becomes manage.ignore { name: ${META_RECORD}, type: TXT } (zonectl leaves it as it is; delete it once octoDNS no longer writes this zone)`,
      at,
    },
  };
}

/**
 * The TTL octoDNS gives a record written without one (issue 40 item 3): its YAML provider's
 * `default_ttl`, raised to the Cloudflare provider's `min_ttl` (octodns_cloudflare `_gen_data`),
 * when every source of the zone agrees. That is the file's `defaults.ttl`, so that a record added
 * later means what it meant in octoDNS. Never `proxied`: octoDNS proxies per record
 * (`octodns.cloudflare.proxied`), so a record added without it is DNS-only there and here.
 */
function octodnsDefaults(z: OctodnsZone): { ttl?: number } {
  const ttls = new Set(z.sources.map((s) => s.defaultTtl));
  if (ttls.size !== 1) return {};
  const ttl = Math.max(z.cloudflare?.minTtl ?? 60, [...ttls][0]!);
  return ttl > 1 ? { ttl } : {};
}

function zoneOf(
  zone: string,
  records: MigratedZone['records'],
  result: ReturnType<typeof convertOctodnsZone>,
  extra: readonly ReportItem[],
  defaults: { ttl?: number },
): MigratedZone {
  return {
    zone,
    records,
    defaults,
    ...(result.ignore.length > 0 ? { ignore: result.ignore } : {}),
    items: [...extra, ...result.items],
    comments: result.comments,
  };
}
