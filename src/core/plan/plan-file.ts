import type { AccountPlan } from '../account/plan-account.js';
import { ZonectlError } from '../errors.js';
import { MAX_BATCH_LIMIT } from '../service/zone-tiers.js';
import type { AccountConfig, ZoneConfig } from '../zonefile/index.js';
import type { ZonePlan } from './build-plan.js';
import { NEW_ZONE_ID } from './plan-zone.js';
import { ZONE_TYPES, type ZoneType } from '../zone-type.js';

/**
 * The format zonectl writes. 2: every path is relative to the repository root
 * (plan-file-paths.ts). 1, still read: paths as given on plan's command line, read from apply's
 * working directory. 3 is 2 with zones to create (`zoneId` "(new)", `newZone`): written only by
 * a plan that creates a zone, so that a zonectl that cannot apply one says so by the version.
 */
export const PLAN_FORMAT_VERSION = 2;
export const PLAN_FORMAT_WITH_NEW_ZONES = 3;
/** The formats apply --plan reads. */
export const READABLE_PLAN_FORMATS: readonly number[] = [1, 2, 3];

/** A saved plan: data only, never a secret. */
export interface PlanFile {
  readonly format_version: number;
  readonly tool: 'zonectl';
  readonly created_at: string;
  readonly base_url: string;
  /** The files the plan was made from, with their SHA-256; paths as plan-file-paths.ts says. */
  readonly files: ReadonlyArray<{ readonly path: string; readonly sha256: string }>;
  readonly zones: readonly SavedZone[];
  /** Account files (their `zone_defaults`): absent in plans without any. */
  readonly accounts?: readonly SavedAccount[];
  /**
   * The repository configuration (`zonectl.yaml`, one of `files`) when zones name its accounts:
   * apply reads each account's credential variables from it, and it must be the same bytes.
   */
  readonly repository_config?: string;
}

/** One account file of a saved plan: its desired defaults and the one PATCH (or none). */
export interface SavedAccount {
  readonly config: AccountConfig;
  readonly plan: AccountPlan;
}

/** One zone of a saved plan: the desired state it was made from, the plan, and the batch limit. */
export interface SavedZone {
  readonly config: ZoneConfig;
  readonly plan: ZonePlan;
  readonly batch_limit: number;
}

export class PlanFileError extends ZonectlError {}

export function serializePlanFile(plan: PlanFile): string {
  return `${JSON.stringify(plan, null, 2)}\n`;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Parse and check the outer shape of a saved plan. */
export function parsePlanFile(text: string, source: string): PlanFile {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new PlanFileError('PLAN_FILE_INVALID', `${source}: not a JSON plan file (${(e as Error).message})`);
  }
  if (isPlanReport(raw)) {
    throw new PlanFileError(
      'PLAN_FILE_INVALID',
      `${source}: this is the report of \`zonectl plan --format json\`, not a saved plan; save a plan for apply with \`zonectl plan FILE... --out ${source}\`, then run \`zonectl apply --plan ${source}\``,
    );
  }
  if (!isObject(raw) || raw.tool !== 'zonectl' || !Array.isArray(raw.zones)) {
    throw new PlanFileError('PLAN_FILE_INVALID', `${source}: not a zonectl plan file`);
  }
  if (typeof raw.format_version !== 'number' || !READABLE_PLAN_FORMATS.includes(raw.format_version)) {
    throw new PlanFileError(
      'PLAN_FILE_VERSION',
      `${source}: plan format_version ${String(raw.format_version)} is not supported (this zonectl reads ${READABLE_PLAN_FORMATS.slice(0, -1).join(', ')} and ${READABLE_PLAN_FORMATS.at(-1)}); make the plan again with this zonectl`,
    );
  }
  for (const [i, z] of raw.zones.entries()) {
    const p = isObject(z) ? z.plan : undefined;
    if (
      !isObject(z) ||
      !isObject(z.config) ||
      !isObject(p) ||
      typeof p.zone !== 'string' ||
      typeof p.zoneId !== 'string' ||
      !Array.isArray(p.operations) ||
      !isObject(p.fingerprint)
    ) {
      throw new PlanFileError('PLAN_FILE_INVALID', `${source}: zones[${i}] is not a zone plan`);
    }
    const creates = newZoneProblem(p, raw.format_version);
    if (creates !== undefined) throw new PlanFileError('PLAN_FILE_INVALID', `${source}: zones[${i}]: ${creates}`);
    if (!ID.test(p.zoneId) && p.newZone === undefined)
      throw new PlanFileError('PLAN_FILE_INVALID', `${source}: zones[${i}]: zone id ${JSON.stringify(p.zoneId)} is not a 32-hex id`);
    if (!Number.isInteger(z.batch_limit) || (z.batch_limit as number) < 1 || (z.batch_limit as number) > MAX_BATCH_LIMIT) {
      throw new PlanFileError(
        'PLAN_FILE_INVALID',
        `${source}: zones[${i}]: batch_limit must be a whole number from 1 to ${MAX_BATCH_LIMIT}`,
      );
    }
    p.operations.forEach((op, j) => {
      const problem = operationProblem(op, p.zoneId as string);
      if (problem)
        throw new PlanFileError(
          'PLAN_FILE_INVALID',
          `${source}: zones[${i}].operations[${j}]: ${problem}; the plan file was edited or is corrupt`,
        );
    });
  }
  if (raw.accounts !== undefined) checkSavedAccounts(raw.accounts, source);
  if (raw.repository_config !== undefined) {
    const listed = Array.isArray(raw.files) && raw.files.some((f) => isObject(f) && f.path === raw.repository_config);
    if (typeof raw.repository_config !== 'string' || !listed)
      throw new PlanFileError('PLAN_FILE_INVALID', `${source}: repository_config must name one of the plan's files`);
  }
  return raw as unknown as PlanFile;
}

/** The account files of a saved plan: each PATCH goes to its own account's dns_settings, nowhere else. */
function checkSavedAccounts(accounts: unknown, source: string): void {
  if (!Array.isArray(accounts)) throw new PlanFileError('PLAN_FILE_INVALID', `${source}: accounts is not a list`);
  for (const [i, a] of accounts.entries()) {
    const p = isObject(a) ? a.plan : undefined;
    const id = isObject(p) ? p.accountId : undefined;
    if (
      !isObject(a) ||
      !isObject(a.config) ||
      !isObject(p) ||
      typeof id !== 'string' ||
      !ID.test(id) ||
      a.config.accountId !== id ||
      !Array.isArray(p.operations)
    ) {
      throw new PlanFileError('PLAN_FILE_INVALID', `${source}: accounts[${i}] is not an account plan`);
    }
    p.operations.forEach((op, j) => {
      const ok =
        (isObject(op) && op.kind === 'dns_view' && savedViewChangeOk(op, id)) ||
        (isObject(op) &&
          op.kind === 'account_dns_settings' &&
          op.method === 'PATCH' &&
          op.path === `/accounts/${id}/dns_settings` &&
          isObject(op.body) &&
          Object.keys(op.body).length > 0 &&
          Object.keys(op.body).every((k) => k === 'zone_defaults' || k === 'enforce_dns_only') &&
          (op.body.zone_defaults === undefined || isObject(op.body.zone_defaults)) &&
          (op.body.enforce_dns_only === undefined || typeof op.body.enforce_dns_only === 'boolean'));
      if (!ok)
        throw new PlanFileError(
          'PLAN_FILE_INVALID',
          `${source}: accounts[${i}].operations[${j}]: is not a PATCH of the account's zone defaults or enforce_dns_only, nor a change of one of its DNS views; the plan file was edited or is corrupt`,
        );
    });
  }
}

const ID = /^[0-9a-f]{32}$/;

/** A saved view change goes to its own account's views only: POST to the list, PATCH or DELETE to one view by id; its zones are ids or names. */
function savedViewChangeOk(op: Record<string, unknown>, accountId: string): boolean {
  const base = `/accounts/${accountId}/dns_settings/views`;
  const one = typeof op.viewId === 'string' && ID.test(op.viewId) && op.path === `${base}/${op.viewId}`;
  const zonesOk =
    op.zones === undefined ||
    (Array.isArray(op.zones) &&
      op.zones.every(
        (z) =>
          isObject(z) &&
          (z.id === undefined || (typeof z.id === 'string' && ID.test(z.id))) &&
          (z.zone === undefined || typeof z.zone === 'string'),
      ));
  const placed =
    (op.action === 'create' && op.method === 'POST' && op.path === base) ||
    (op.action === 'update' && op.method === 'PATCH' && one) ||
    (op.action === 'delete' && op.method === 'DELETE' && one);
  return placed && typeof op.name === 'string' && zonesOk;
}

/**
 * A zone to create (format 3): id "(new)", `newZone` naming a 32-hex account and a type (full or internal), and
 * only record creates in that zone (settings, DNSSEC and tokens are planned once it exists).
 * Any other zone carries no `newZone`.
 */
function newZoneProblem(p: Record<string, unknown>, version: number): string | undefined {
  if (p.newZone === undefined) return p.zoneId === NEW_ZONE_ID ? 'a zone to create without `newZone`' : undefined;
  if (version < PLAN_FORMAT_WITH_NEW_ZONES) return `a zone to create in a plan of format_version ${version}`;
  const n = p.newZone;
  if (
    p.zoneId !== NEW_ZONE_ID ||
    !isObject(n) ||
    typeof n.accountId !== 'string' ||
    !ID.test(n.accountId) ||
    !ZONE_TYPES.includes(n.type as ZoneType)
  )
    return 'is not a zone to create (zone id "(new)", an account id of 32 hex characters, type full or internal); the plan file was edited or is corrupt';
  const ops = p.operations as unknown[];
  if (!ops.every((op) => isObject(op) && op.kind === 'dns_record' && op.action === 'create'))
    return 'a zone to create carries only record creates; the plan file was edited or is corrupt';
  return undefined;
}

/** The JSON report of `plan --format json` (render-json.ts): zones with `changes`, no `tool`. */
function isPlanReport(raw: unknown): boolean {
  return (
    isObject(raw) &&
    raw.tool === undefined &&
    Array.isArray(raw.zones) &&
    raw.zones.length > 0 &&
    raw.zones.every((z) => isObject(z) && Array.isArray(z.changes))
  );
}

/**
 * A saved plan is sent with the user's credentials: every operation must be one zonectl makes
 * (method, path and body of its kind), never an arbitrary call.
 */
function operationProblem(op: unknown, zoneId: string): string | undefined {
  if (!isObject(op)) return 'not an operation';
  const { kind, action, method, path } = op;
  const needsBody = method !== 'DELETE';
  if (needsBody && !isObject(op.body)) return 'has no body';
  if (typeof op.phase !== 'number') return 'has no phase';
  switch (kind) {
    case 'dns_record': {
      if (op.zoneId !== zoneId) return 'belongs to another zone';
      const records = `/zones/${zoneId}/dns_records`;
      if (action === 'create') return method === 'POST' && path === records && isObject(op.after) ? undefined : 'is not a record create';
      const id = op.recordId;
      if (typeof id !== 'string' || !ID.test(id) || path !== `${records}/${id}`) return 'has no valid record id and path';
      if (!isObject(op.before)) return 'has no record before';
      if (action === 'update') return (method === 'PATCH' || method === 'PUT') && isObject(op.after) ? undefined : 'is not a record update';
      if (action === 'delete') return method === 'DELETE' ? undefined : 'is not a record delete';
      return `has an unknown action ${JSON.stringify(action)}`;
    }
    case 'dns_settings':
      return action === 'update' && method === 'PATCH' && path === `/zones/${zoneId}/dns_settings`
        ? undefined
        : 'is not a dns_settings update';
    case 'dnssec': {
      // PATCH /zones/{zone_id}/dnssec with the members of its body only (src/core/dnssec/diff.ts).
      const allowed = ['status', 'dnssec_multi_signer', 'dnssec_use_nsec3', 'dnssec_presigned'];
      const body = op.body as Record<string, unknown>;
      if (op.zoneId !== zoneId || action !== 'update' || method !== 'PATCH' || path !== `/zones/${zoneId}/dnssec`)
        return 'is not a DNSSEC update';
      if (Object.keys(body).length === 0 || Object.keys(body).some((k) => !allowed.includes(k)))
        return 'has a DNSSEC body zonectl never sends';
      if (body.status !== undefined && body.status !== 'active' && body.status !== 'disabled')
        return 'has a DNSSEC status zonectl never sends';
      return Object.entries(body).every(([k, v]) => k === 'status' || typeof v === 'boolean')
        ? undefined
        : 'has a DNSSEC flag that is not a boolean';
    }
    case 'token': {
      // The user's tokens, or an account's (`accountId`, 32 hex: /accounts/{account_id}/tokens).
      if (op.accountId !== undefined && (typeof op.accountId !== 'string' || !ID.test(op.accountId))) return 'has no valid account id';
      const collection = op.accountId === undefined ? '/user/tokens' : `/accounts/${op.accountId}/tokens`;
      if (action === 'create') return method === 'POST' && path === collection ? undefined : 'is not a token create';
      if (typeof op.tokenId !== 'string' || !ID.test(op.tokenId) || path !== `${collection}/${op.tokenId}`)
        return 'has no valid token id and path';
      if (action === 'update') return method === 'PUT' ? undefined : 'is not a token update';
      if (action === 'delete') return method === 'DELETE' ? undefined : 'is not a token delete';
      return `has an unknown action ${JSON.stringify(action)}`;
    }
    default:
      return `has an unknown kind ${JSON.stringify(kind)}`;
  }
}
