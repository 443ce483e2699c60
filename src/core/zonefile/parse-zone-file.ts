/**
 * Zone file -> canonical ZoneConfig, or every problem found: YAML (with positions) ->
 * `${VAR}` interpolation -> JSON Schema -> semantic rules. Pure: the caller passes the text and
 * the environment. A config is returned only when there is no error (warnings are fine).
 */
import { canonicalZoneName } from '../model/names.js';
import { TTL_AUTO } from '../service/ttl.js';
import { finishAccountFile, isAccountDocument } from './account-file.js';
import type { AccountConfig, RawAccountFile } from './account-types.js';
import { buildManage, buildRecord, buildSettings, buildToken } from './build-config.js';
import {
  collectFragments,
  FragmentSink,
  isFragmentDocument,
  fragmentDefaultsPath,
  fragmentRecordPath,
  type IncludeReader,
  type LoadedFragment,
} from './fragments.js';
import type { Env, InterpolationOptions, PositionIndex, Problem, SourceFile } from '../yaml/index.js';
import { lintIgnoreOf } from './lint-settings.js';
import { hasIssueWithin, invalidItems, readDocument, type ReadDocument } from './read-document.js';
import type { RawDefaults, RawManage, RawRecord, RawSettings, RawToken, RawZoneFile } from './raw-types.js';
import type { RecordEntry, TokenEntry } from './rules/context.js';
import { FRAGMENT_VALUE_RULES, readDnssecOf, RULES } from './rules/index.js';
import type { DesiredRecord, FragmentSummary, ZoneConfig } from './types.js';
import { scopesOfFiles, type TeamOwners } from '../ownership/index.js';

const ZONE_ROOT = 'a zone file must be a mapping with at least `version: 1` and `zone: <name>`';
/** The key of fragments in the paths the rules use (`include[k]...`, fragments.ts). */
const INCLUDED_KEY = 'include';

/** The stand-in zone a fragment's records are read in when no zone includes it (`.invalid`, RFC 2606). */
export const FRAGMENT_ZONE = 'fragment.invalid';

/**
 * A fragment on its own: the values of its schema-valid records, checked as a zone would check
 * them (`FRAGMENT_VALUE_RULES`: a record `content: 300.1.1.1` is an error at its line), names
 * read relative to a stand-in zone. The rules between records run with the zones that include it.
 */
function checkFragmentValues(
  doc: RawZoneFile,
  issues: ReadDocument['issues'],
  unresolved: ReadDocument['unresolved'],
  sink: FragmentSink,
): RecordEntry[] {
  const rawRecords = Array.isArray(doc.records) ? doc.records : [];
  if (rawRecords.length === 0) return [];
  const defaults: RawDefaults = hasIssueWithin(issues, ['defaults']) ? {} : (doc.defaults ?? {});
  const bad = invalidItems(issues, 'records');
  for (const p of unresolved) if (p[0] === 'records' && typeof p[1] === 'number') bad.add(p[1]);
  const records: RecordEntry[] = [];
  rawRecords.forEach((raw, i) => {
    if (!bad.has(i))
      records.push({
        index: i,
        path: ['records', i],
        raw: raw as RawRecord,
        record: buildRecord(raw as RawRecord, defaults, FRAGMENT_ZONE),
      });
  });
  const ctx = { doc, zone: FRAGMENT_ZONE, defaults, records, recordCount: rawRecords.length, tokens: [], sink, fragmentAlone: true };
  for (const rule of FRAGMENT_VALUE_RULES) rule(ctx);
  return records;
}

/**
 * A fragment alone as a zone of the stand-in name, for `zonectl lint shared/mail.yaml`: its
 * records and those of the fragments it includes, each with its own defaults (as in every zone
 * that includes it) and placed in its own file and line.
 */
function fragmentAlone(
  file: string,
  own: readonly RecordEntry[],
  positions: PositionIndex,
  included: readonly LoadedFragment[],
): ZoneConfig {
  const items = positions.itemPositionsOf(['records']);
  const records: DesiredRecord[] = own.map((e) => {
    const { line, col } = items?.[e.index] ?? positions.positionOf(e.path);
    return { record: e.record, path: `records[${e.index}]`, line, col };
  });
  for (const f of included) {
    const at = f.positions?.itemPositionsOf(['records']);
    for (const { index, raw } of f.records) {
      const { line, col } = at?.[index] ?? { line: 1, col: 1 };
      records.push({ record: buildRecord(raw, f.defaults, FRAGMENT_ZONE), path: `records[${index}]`, line, col, source: f.file });
    }
  }
  return { file, zone: FRAGMENT_ZONE, defaults: { ttl: 'auto', proxied: false }, records, tokens: [], manage: buildManage(undefined) };
}

/**
 * A zone file, an account file (`zone_defaults` instead of `zone`, see account-file.ts: the
 * result then has `account` instead of `config`), or a fragment (neither: `fragment`, checked
 * alone as far as it can be without a zone). `readInclude` reads the fragments `include:` names
 * (fragments.ts); without it, a file with `include:` is an error. `teams`: zonectl.yaml's team
 * scopes (`owners:`), which each record of the zone file and its fragments must keep to
 * (rules/scope.ts) and which the zone's plan leaves another team's names alone by (`config.scope`).
 */
export function parseZoneFile(
  source: SourceFile,
  env: Env,
  readInclude?: IncludeReader,
  interpolation: InterpolationOptions = {},
  teams?: TeamOwners,
): { config?: ZoneConfig; account?: AccountConfig; fragment?: FragmentSummary; problems: Problem[] } {
  // The fragments' problems join the zone file's, each in its own file.
  const { sink, read } = readDocument(source, env, ZONE_ROOT, (file, positions) => new FragmentSink(file, positions), interpolation);
  if (!read) return { problems: sink.finish() };
  const { positions, issues, unresolved } = read;
  const doc = read.doc as unknown as RawZoneFile;

  // Past the problem limit the schema stopped looking: the items it did not look at cannot be
  // handed to the rules as valid, so the rules do not run.
  if (read.complete && isAccountDocument(doc)) {
    return finishAccountFile({ file: source.path, doc: doc as unknown as RawAccountFile, issues, unresolved, sink });
  }
  if (read.complete && isFragmentDocument(read.doc)) {
    // A fragment on its own: its schema and its includes; the rules need the including zone.
    const fragments: LoadedFragment[] = [];
    collectFragments({ file: source.path, doc: read.doc, sink, env, interpolation, read: readInclude, out: fragments });
    const records = Array.isArray(doc.records) ? doc.records.length : 0;
    const own = checkFragmentValues(doc, issues, unresolved, sink);
    const summary: FragmentSummary = { records, includes: fragments.map((f) => f.file) };
    if (sink.errorCount === 0 && fragments.every((f) => f.sink.errorCount === 0))
      summary.alone = fragmentAlone(source.path, own, positions, fragments);
    return { fragment: summary, problems: sink.finish() };
  }
  if (!read.complete || typeof doc.zone !== 'string' || hasIssueWithin(issues, ['zone']) || unresolved.some((p) => p[0] === 'zone')) {
    return { problems: sink.finish() };
  }
  collectFragments({ file: source.path, doc: read.doc, sink, env, interpolation, read: readInclude, out: sink.fragments });
  const zone = canonicalZoneName(doc.zone);
  const defaults: RawDefaults = hasIssueWithin(issues, ['defaults']) ? {} : (doc.defaults ?? {});

  const badRecords = invalidItems(issues, 'records');
  for (const p of unresolved) if (p[0] === 'records' && typeof p[1] === 'number') badRecords.add(p[1]);
  const rawRecords = Array.isArray(doc.records) ? doc.records : [];
  const records: RecordEntry[] = [];
  for (let i = 0; i < rawRecords.length; i += 1) {
    if (badRecords.has(i)) continue;
    const raw = rawRecords[i] as RawRecord;
    records.push({ index: i, path: ['records', i], raw, record: buildRecord(raw, defaults, zone) });
  }
  // Fragment records: names relative to this zone, values from the fragment alone: its own
  // defaults, else the built-ins (ttl auto, proxied false), never the including zone's, so a
  // fragment means the same in every zone (issue 33: a zone's `proxied: true` must not proxy a
  // fragment's DKIM CNAME).
  sink.fragments.forEach((f, k) => {
    for (const { index, raw } of f.records)
      records.push({ index, path: fragmentRecordPath(k, index), raw, record: buildRecord(raw, f.defaults, zone) });
  });

  const badTokens = invalidItems(issues, 'tokens');
  const rawTokens = Array.isArray(doc.tokens) ? doc.tokens : [];
  const tokens: TokenEntry[] = [];
  for (let i = 0; i < rawTokens.length; i += 1) {
    if (!badTokens.has(i)) tokens.push({ index: i, path: ['tokens', i], raw: rawTokens[i] as RawToken });
  }

  const settings: RawSettings | undefined = doc.settings !== undefined && !hasIssueWithin(issues, ['settings']) ? doc.settings : undefined;

  const ownManage = doc.manage !== undefined && !hasIssueWithin(issues, ['manage']) ? doc.manage : undefined;
  const fragmentIgnore = sink.fragments.flatMap((f) => f.ignore);
  const manage: RawManage | undefined =
    fragmentIgnore.length === 0 ? ownManage : { ...ownManage, ignore: [...(ownManage?.ignore ?? []), ...fragmentIgnore] };
  const ignoreAt = [
    ...(ownManage?.ignore ?? []).map((_, i) => ['manage', 'ignore', i]),
    ...sink.fragments.flatMap((f, k) => f.ignore.map((_, j) => [INCLUDED_KEY, k, 'manage', 'ignore', j])),
  ];
  const fragmentDefaults = sink.fragments.map((f, k) => ({ defaults: f.defaults, path: fragmentDefaultsPath(k) }));
  const dnssec = doc.dnssec !== undefined && !hasIssueWithin(issues, ['dnssec']) ? readDnssecOf(doc.dnssec, sink) : undefined;
  const scopes =
    teams !== undefined && teams.owners.length > 0
      ? scopesOfFiles(
          zone,
          source.path,
          sink.fragments.map((f) => f.file),
          teams,
        )
      : undefined;
  const ctx = {
    ...{ doc, zone, defaults, fragmentDefaults, records, recordCount: rawRecords.length, tokens, settings, manage, ignoreAt, sink },
    ...(dnssec !== undefined ? { dnssec } : {}),
    ...(scopes !== undefined ? { scopes } : {}),
  };
  for (const rule of RULES) rule(ctx);

  const problems = sink.finish();
  if (sink.errorCount > 0) return { problems };

  const items = positions.itemPositionsOf(['records']);
  const fragmentItems = sink.fragments.map((f) => f.positions?.itemPositionsOf(['records']));
  const desired: DesiredRecord[] = records.map((e) => {
    const k = e.path[0] === 'include' ? (e.path[1] as number) : -1;
    if (k < 0) {
      const { line, col } = items?.[e.index] ?? positions.positionOf(e.path);
      return { record: e.record, path: `records[${e.index}]`, line, col };
    }
    const { line, col } = fragmentItems[k]?.[e.index] ?? { line: 1, col: 1 };
    return { record: e.record, path: `records[${e.index}]`, line, col, source: sink.fragments[k].file };
  });
  const config: ZoneConfig = {
    file: source.path,
    zone,
    defaults: { ttl: defaults.ttl === undefined || defaults.ttl === TTL_AUTO ? 'auto' : defaults.ttl, proxied: defaults.proxied ?? false },
    records: desired,
    tokens: tokens.map((t) => buildToken(t.raw, t.path, positions.positionOf(t.path).line)),
    manage: buildManage(manage, [
      ...(ownManage?.ignore ?? []).map((_, i) => `manage.ignore[${i}]`),
      ...sink.fragments.flatMap((f) => f.ignore.map((_, j) => `${f.file} manage.ignore[${j}]`)),
    ]),
  };
  if (sink.fragments.length > 0) config.includes = sink.fragments.map((f) => f.file);
  if (scopes?.zone !== undefined) config.scope = scopes.zone;
  if (doc.zone_id !== undefined) config.zoneId = doc.zone_id.toLowerCase();
  if (typeof doc.account_id === 'string') config.accountId = doc.account_id.toLowerCase();
  if (doc.zone_type === 'internal') config.zoneType = 'internal';
  if (typeof doc.account === 'string') config.account = { name: doc.account, ...positions.positionOf(['account']) };
  if (doc.settings !== undefined) config.settings = buildSettings(doc.settings);
  if (dnssec !== undefined) {
    const fields = Object.fromEntries(Object.keys(dnssec).map((f) => [f, positions.positionOf(['dnssec', f])]));
    config.dnssec = { desired: dnssec, at: positions.positionOf(['dnssec']), fields };
  }
  const lintIgnore = lintIgnoreOf(source.path, doc, positions);
  if (lintIgnore.length > 0) config.lintIgnore = lintIgnore;
  return { config, problems };
}
