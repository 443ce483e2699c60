/**
 * Zone file -> canonical ZoneConfig, or every problem found: YAML (with positions) ->
 * `${VAR}` interpolation -> JSON Schema -> semantic rules. Pure: the caller passes the text and
 * the environment. A config is returned only when there is no error (warnings are fine).
 */
import { canonicalZoneName } from '../model/names.js';
import { finishAccountFile, isAccountDocument } from './account-file.js';
import type { AccountConfig, RawAccountFile } from './account-types.js';
import { buildManage, buildRecord, buildSettings, buildToken } from './build-config.js';
import { interpolateDocument, type Env } from './interpolate.js';
import { formatPath, isPathWithin, type PathSegment } from './json-path.js';
import { parseYaml } from './parse-yaml.js';
import { findReplacementCharacter } from './text-checks.js';
import { PROBLEM_LIMIT, ProblemSink } from './problems.js';
import type { RawDefaults, RawRecord, RawSettings, RawToken, RawZoneFile } from './raw-types.js';
import type { RecordEntry, TokenEntry } from './rules/context.js';
import { RULES } from './rules/index.js';
import type { DesiredRecord, Problem, SourceFile, ZoneConfig } from './types.js';
import { validateAgainstSchema, type SchemaIssue } from './validate-schema.js';

/** Index of the first-level item (`records[i]`, `tokens[i]`) each schema issue falls into. */
function invalidItems(issues: readonly SchemaIssue[], list: 'records' | 'tokens'): Set<number> {
  const out = new Set<number>();
  for (const i of issues) if (i.path[0] === list && typeof i.path[1] === 'number') out.add(i.path[1]);
  return out;
}

function hasIssueWithin(issues: readonly SchemaIssue[], prefix: readonly PathSegment[]): boolean {
  return issues.some((i) => isPathWithin(i.path, prefix));
}

/** True when `path` lies within one of `prefixes` (keys of `pathKey`): linear in the path's length. */
function withinAny(path: readonly PathSegment[], prefixes: ReadonlySet<string>): boolean {
  if (prefixes.size === 0) return false;
  for (let n = 0; n <= path.length; n += 1) if (prefixes.has(pathKey(path.slice(0, n)))) return true;
  return false;
}

function pathKey(path: readonly PathSegment[]): string {
  return path.map((s) => (typeof s === 'number' ? `#${s}` : `.${s}`)).join('');
}

/**
 * A zone file, or an account file (`zone_defaults` instead of `zone`, see account-file.ts): the
 * result then has `account` instead of `config`.
 */
export function loadZoneFile(source: SourceFile, env: Env): { config?: ZoneConfig; account?: AccountConfig; problems: Problem[] } {
  const undecodable = findReplacementCharacter(source.text);
  if (undecodable) {
    const sink = new ProblemSink(source.path, null);
    sink.at('error', 'file.utf8', undecodable.line, undecodable.col, 'the file is not valid UTF-8 here (a byte sequence that is not UTF-8, read as U+FFFD); save the file as UTF-8 (in TXT content, write other bytes as \\DDD decimal escapes inside double quotes)');
    return { problems: sink.finish() };
  }
  const parsed = parseYaml(source.text);
  if (!parsed.ok) {
    const sink = new ProblemSink(source.path, null);
    sink.at('error', parsed.code, parsed.line, parsed.col, parsed.message);
    return { problems: sink.finish() };
  }
  const positions = parsed.positions;
  const sink = new ProblemSink(source.path, positions);

  if (parsed.value === null || typeof parsed.value !== 'object' || Array.isArray(parsed.value)) {
    sink.error('schema.root', [], 'a zone file must be a mapping with at least `version: 1` and `zone: <name>`');
    return { problems: sink.finish() };
  }

  const interpolated = interpolateDocument(parsed.value, env);
  for (const issue of interpolated.issues) sink.error(issue.code, issue.path, issue.message);
  const unresolved = interpolated.issues.map((i) => i.path);
  const unresolvedKeys = new Set(unresolved.map(pathKey));
  const doc = interpolated.value as RawZoneFile;

  // Values still holding an unresolved `${VAR}` are already reported: no second, confusing error.
  const schema = validateAgainstSchema(doc, PROBLEM_LIMIT);
  if (!schema.complete) sink.markIncomplete();
  const issues = schema.issues.filter((i) => !withinAny(i.path, unresolvedKeys));
  for (const i of issues) {
    if (i.atKey) sink.keyError(i.code, i.path, i.message);
    else sink.error(i.code, i.path, i.message);
  }

  // Past the problem limit the schema stopped looking: the items it did not look at cannot be
  // handed to the rules as valid, so the rules do not run.
  if (schema.complete && isAccountDocument(doc)) {
    return finishAccountFile({ file: source.path, doc: doc as unknown as RawAccountFile, issues, unresolved, sink });
  }
  if (!schema.complete || typeof doc.zone !== 'string' || hasIssueWithin(issues, ['zone']) || unresolved.some((p) => p[0] === 'zone')) {
    return { problems: sink.finish() };
  }
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

  const badTokens = invalidItems(issues, 'tokens');
  const rawTokens = Array.isArray(doc.tokens) ? doc.tokens : [];
  const tokens: TokenEntry[] = [];
  for (let i = 0; i < rawTokens.length; i += 1) {
    if (!badTokens.has(i)) tokens.push({ index: i, path: ['tokens', i], raw: rawTokens[i] as RawToken });
  }

  const settings: RawSettings | undefined = doc.settings !== undefined && !hasIssueWithin(issues, ['settings'])
    ? doc.settings
    : undefined;

  const manage = doc.manage !== undefined && !hasIssueWithin(issues, ['manage']) ? doc.manage : undefined;
  const ctx = { doc, zone, defaults, records, recordCount: rawRecords.length, tokens, settings, manage, sink };
  for (const rule of RULES) rule(ctx);

  const problems = sink.finish();
  if (sink.errorCount > 0) return { problems };

  const items = positions.itemPositionsOf(['records']);
  const desired: DesiredRecord[] = records.map((e) => {
    const { line, col } = items?.[e.index] ?? positions.positionOf(e.path);
    return { record: e.record, path: `records[${e.index}]`, line, col };
  });
  const config: ZoneConfig = {
    file: source.path,
    zone,
    defaults: { ttl: defaults.ttl === undefined || defaults.ttl === 1 ? 'auto' : defaults.ttl, proxied: defaults.proxied ?? false },
    records: desired,
    tokens: tokens.map((t) => buildToken(t.raw, t.path, positions.positionOf(t.path).line)),
    manage: buildManage(doc.manage),
  };
  if (doc.zone_id !== undefined) config.zoneId = doc.zone_id.toLowerCase();
  if (typeof doc.account_id === 'string') config.accountId = doc.account_id.toLowerCase();
  if (typeof doc.account === 'string') config.account = { name: doc.account, ...positions.positionOf(['account']) };
  if (doc.settings !== undefined) config.settings = buildSettings(doc.settings);
  return { config, problems };
}
