/**
 * The apply lock as a DNS record (pure: encoding and decoding only; the lease lives in
 * src/app/apply/zone-lock.ts). The API has no conditional writes, so zonectl lets the service itself
 * arbitrate: the lock is a CNAME at `_zonectl-lock.<zone>`, and the service allows one CNAME per
 * name, so a second creator is refused. The CNAME's target carries the owner and the lease:
 *
 *   exp-<unix seconds>.pid-<pid>.run-<run id>.host-<host>[.box-<machine>].zonectl-lock.invalid
 *
 * `box` proves which machine and pid namespace the pid belongs to (24 hex characters of a hash
 * of the kernel's boot id and the pid namespace inode, computed in src/app/apply/zone-lock.ts). A host
 * name alone proves nothing: containers sharing one see each other's pids as dead. A lock
 * without `box` (or with another one) is never taken over early, only when its lease expires.
 *
 * `.invalid` (RFC 2606) never resolves, so the record points nowhere if anyone queries it.
 * Every record zonectl leaves in a zone has a name starting with `_zonectl`; plans never show
 * such records as changes and never count them as unmanaged (src/core/ownership/whose.ts, rule 0).
 */

/** First label of every record zonectl itself keeps in a zone. */
export const ZONECTL_RECORD_PREFIX = '_zonectl';
export const LOCK_LABEL = '_zonectl-lock';
const TARGET_SUFFIX = 'zonectl-lock.invalid';

export interface LockOwner {
  /** Host name, reduced to a DNS label (lower-case letters, digits, hyphens; at most 40). */
  readonly host: string;
  readonly pid: number;
  /** Run id: CI run id or a random one (a DNS label). */
  readonly runId: string;
  /** When the lease ends (unix seconds). */
  readonly expiresAt: number;
  /** Proof of the machine and pid namespace (24 lower-case hex), when the owner could read it. */
  readonly machine?: string;
}

/** True for a record name zonectl itself keeps in the zone (the lock): never planned, never reported. */
export function isZonectlRecordName(name: string, zone: string): boolean {
  // Every such name starts with `_` (a character without case): other names are answered
  // without building lower-case copies (this runs for every record of a zone, twice).
  if (!name.startsWith('_')) return false;
  const z = zone.toLowerCase().replace(/\.$/, '');
  const n = name.toLowerCase().replace(/\.$/, '');
  return n.endsWith(`.${z}`) && n.startsWith(ZONECTL_RECORD_PREFIX);
}

/** `_zonectl-lock.<zone>` */
export function lockRecordName(zone: string): string {
  return `${LOCK_LABEL}.${zone.toLowerCase().replace(/\.$/, '')}`;
}

/** A string reduced to one DNS label: letters, digits and hyphens, no hyphen at either end. */
export function toLabel(value: string, max = 40): string {
  const label = value
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .slice(0, max)
    .replace(/^-+|-+$/g, '');
  return label === '' ? 'x' : label;
}

const MACHINE_PROOF = /^[0-9a-f]{24}$/;

export function encodeLockTarget(owner: LockOwner): string {
  const box = owner.machine !== undefined && MACHINE_PROOF.test(owner.machine) ? `.box-${owner.machine}` : '';
  return `exp-${Math.floor(owner.expiresAt)}.pid-${owner.pid}.run-${toLabel(owner.runId)}.host-${toLabel(owner.host)}${box}.${TARGET_SUFFIX}`;
}

/** The owner a lock target names, or undefined when the target is not one zonectl wrote. */
export function decodeLockTarget(target: string): LockOwner | undefined {
  const m =
    /^exp-(\d{1,12})\.pid-(\d{1,10})\.run-([a-z0-9-]{1,63})\.host-([a-z0-9-]{1,63})(?:\.box-([0-9a-f]{24}))?\.zonectl-lock\.invalid\.?$/.exec(
      target.toLowerCase(),
    );
  if (!m) return undefined;
  const owner = { expiresAt: Number(m[1]), pid: Number(m[2]), runId: m[3], host: m[4] };
  return m[5] === undefined ? owner : { ...owner, machine: m[5] };
}

/** `host ci-runner-3, pid 4242, run 8812` */
export function describeLockOwner(owner: LockOwner): string {
  return `host ${owner.host}, pid ${owner.pid}, run ${owner.runId}`;
}
