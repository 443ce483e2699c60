/**
 * The file's `dnssec` section against the service's answer: the changes, the one PATCH that
 * makes them, and the state to show. The rules, each from the service's states
 * (https://developers.cloudflare.com/dns/dnssec/dnssec-states/):
 *
 * 1. No section: unmanaged. Nothing is planned and nothing is drift; the state and DS are shown.
 * 2. `status: active` is met by `active` and by `pending` (enabled, the DS not yet at the
 *    registrar: a state to show, never drift: the service cannot leave it without the
 *    registrar). `disabled` and `pending-disabled` become `PATCH {"status":"active"}`.
 * 3. `status: disabled` is met by `disabled` (the "deleted" state too) and by
 *    `pending-disabled` (the DS still at the registrar: a state to show, never drift). `active`
 *    and `pending` become `PATCH {"status":"disabled"}`.
 * 4. Disabling never deletes. DELETE /zones/{zone_id}/dnssec discards the keys, so enabling
 *    again means a new DS at the registrar; it is refused until the registrar dropped the DS
 *    (status `disabled`), which a plan applied right after disabling never sees; and a deleted
 *    zone stops serving the RFC 8078 "delete" CDS/CDNSKEY that tell a registrar which scans for
 *    them to remove the DS. A person deletes the keys on purpose (`deleteDnssec`, src/api/dnssec.ts),
 *    after the registrar; `disabled` is what `status: disabled` asks for.
 * 5. `error` is reported always and is drift when the file manages DNSSEC; nothing is sent: it
 *    is the service's own failure, which re-sending the status cannot be shown to fix (apply
 *    would then never converge).
 * 6. A flag is compared only when the file sets it; the PATCH carries the status only when it
 *    changes, and the flags that differ.
 * Pure.
 */
import { API_FIELD_OF_FLAG, DNSSEC_FLAGS, type DesiredDnssec, type DnssecFlag } from './desired.js';
import type { LiveDnssec } from './live.js';

export interface DnssecFieldChange {
  readonly field: 'status' | DnssecFlag;
  readonly before: string | boolean;
  readonly after: string | boolean;
}

/** The body of PATCH /zones/{zone_id}/dnssec (every member optional, as the API reference has it). */
export interface DnssecPatchBody {
  readonly status?: 'active' | 'disabled';
  readonly dnssec_multi_signer?: boolean;
  readonly dnssec_use_nsec3?: boolean;
  readonly dnssec_presigned?: boolean;
}

/**
 * Where the PATCH goes among the record writes: turning `multi_signer` on goes before the
 * records (the service accepts DNSKEY records only with it on: the `dnssec_multi_signer` field
 * of the API reference); turning it off goes after them (the DNSKEY records leave first).
 */
export type DnssecPhase = 'before-records' | 'after-records';

export interface DnssecOperation {
  readonly kind: 'dnssec';
  readonly action: 'update';
  readonly method: 'PATCH';
  readonly path: string;
  readonly zoneId: string;
  readonly body: DnssecPatchBody;
  /** Where it goes among the record writes (order.ts in src/core/plan turns it into the operation's phase). */
  readonly placement: DnssecPhase;
  /** What the PATCH changes (`status: disabled → active`), for the plan's outputs. */
  readonly changes: readonly DnssecFieldChange[];
  /** The fields the PATCH changes, as the file names them (`status`, `multi_signer`). */
  readonly fields: readonly string[];
}

/** What a state that is not drift is waiting for. */
export type DnssecWaiting = 'registrar-add-ds' | 'registrar-remove-ds';

export interface DnssecPlan {
  readonly zone: string;
  /** Undefined: the file has no `dnssec` section. */
  readonly desired?: DesiredDnssec;
  readonly live: LiveDnssec;
  readonly changes: readonly DnssecFieldChange[];
  readonly operation?: DnssecOperation;
  readonly waiting?: DnssecWaiting;
  /** The service reports `error` (rule 5). */
  readonly error: boolean;
}

/** Rules 2 and 3: the status change the file asks for, or the state it waits in. */
function statusOutcome(desired: DesiredDnssec, live: LiveDnssec): { change?: DnssecFieldChange; waiting?: DnssecWaiting } {
  const shown = live.status;
  if (desired.status === 'active') {
    if (shown === 'active') return {};
    if (shown === 'pending') return { waiting: 'registrar-add-ds' };
    return { change: { field: 'status', before: shown, after: 'active' } };
  }
  if (shown === 'disabled') return {};
  if (shown === 'pending-disabled') return { waiting: 'registrar-remove-ds' };
  return { change: { field: 'status', before: shown, after: 'disabled' } };
}

export function diffDnssec(zone: string, zoneId: string, desired: DesiredDnssec | undefined, live: LiveDnssec): DnssecPlan {
  const base = { zone, live, ...(desired !== undefined ? { desired } : {}) };
  if (live.status === 'error') return { ...base, changes: [], error: true };
  if (desired === undefined) return { ...base, changes: [], error: false };
  const { change, waiting } = statusOutcome(desired, live);
  const changes: DnssecFieldChange[] = change !== undefined ? [change] : [];
  const body: { -readonly [K in keyof DnssecPatchBody]: DnssecPatchBody[K] } = {};
  if (change !== undefined) body.status = desired.status;
  for (const flag of DNSSEC_FLAGS) {
    const want = desired[flag];
    if (want === undefined || want === live.flags[flag]) continue;
    changes.push({ field: flag, before: live.flags[flag], after: want });
    body[API_FIELD_OF_FLAG[flag] as keyof Omit<DnssecPatchBody, 'status'>] = want;
  }
  const operation: DnssecOperation | undefined =
    changes.length === 0
      ? undefined
      : {
          kind: 'dnssec',
          action: 'update',
          method: 'PATCH',
          path: `/zones/${zoneId}/dnssec`,
          zoneId,
          body,
          placement: body.dnssec_multi_signer === false ? 'after-records' : 'before-records',
          changes,
          fields: changes.map((c) => c.field),
        };
  return {
    ...base,
    changes,
    error: false,
    ...(operation !== undefined ? { operation } : {}),
    ...(waiting !== undefined ? { waiting } : {}),
  };
}

/** What `drift` reports: a change to make, or the service's `error` on a managed zone. `pending` and `pending-disabled` never are. */
export function isDnssecDrift(plan: DnssecPlan): boolean {
  return plan.changes.length > 0 || (plan.error && plan.desired !== undefined);
}

/**
 * Whether DELETE /zones/{zone_id}/dnssec may be sent: only from `disabled` ("You can only delete
 * DNSSEC records once your zone DNSSEC is in a disabled state", dnssec-states above), and not
 * when there is nothing to delete.
 */
export function deleteRefusal(live: LiveDnssec): string | undefined {
  if (live.deleted) return 'DNSSEC of this zone was never enabled, or is deleted already';
  if (live.status !== 'disabled') {
    return `DNSSEC is ${live.status}: disable it and remove the DS record at the registrar first (the service deletes only from disabled)`;
  }
  return undefined;
}
