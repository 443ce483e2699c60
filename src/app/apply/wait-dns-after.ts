/**
 * `apply --wait-dns`: once every zone converged, wait until each zone's nameservers serve what
 * its plan changed (src/app/wait-dns), one zone after another within one deadline for the run.
 * The wait's events go out as apply's (`wait-dns`); a zone not served in time fails the run with
 * DNS_NOT_SERVED, one whose nameserver cannot be asked with NAMESERVER_UNREACHABLE (thrown, as
 * every failure of the run), naming what is missing where. A zone whose change holds no DNS
 * record (DNSSEC, settings or tokens only) has nothing to wait for, and the wait says so.
 */
import type { ChangedRecord } from '../../core/propagation/index.js';
import type { WaitDnsEvent } from '../wait-dns/index.js';
import { nothingToWaitFor, notServedError, runWaitDns, type WaitDnsFlags, zoneChecks } from '../wait-dns/index.js';
import type { RunClients } from '../engine/index.js';
import type { ApplyEvent } from './events.js';
import type { ZoneApplyOutcome } from './zone-outcome.js';

const NO_RECORD_CHANGED = 'the change holds no DNS record (DNSSEC, settings and tokens are not waited for)';

/** The record changes of a zone's applied plan, as the propagation checks read them. */
function changedRecords(o: ZoneApplyOutcome): ChangedRecord[] {
  return o.run.plan.operations.flatMap((op) =>
    op.kind !== 'dns_record'
      ? []
      : [{ ...(op.before !== undefined ? { before: op.before } : {}), ...(op.after !== undefined ? { after: op.after } : {}) }],
  );
}

/** Resolves when every zone's change is served everywhere (or there is nothing to wait for) or the wait was stopped; throws otherwise. */
export async function waitForServed(
  clients: RunClients,
  outcomes: readonly ZoneApplyOutcome[],
  flags: WaitDnsFlags,
  emit: (event: ApplyEvent) => void,
  stop: AbortSignal | undefined,
  now: () => number = Date.now,
): Promise<void> {
  const deadlineAt = now() + flags.deadlineMs;
  for (const o of outcomes) {
    const changed = changedRecords(o);
    const zone = o.run.config.zone;
    const output = { emit: (event: WaitDnsEvent) => emit({ kind: 'wait-dns', zone, event }) };
    if (changed.length === 0) {
      nothingToWaitFor(zone, NO_RECORD_CHANGED, [], output);
      continue;
    }
    const checks = await zoneChecks(
      clients.for(o.run.config),
      o.run.zone ?? { id: o.run.zoneId, name: zone },
      zone,
      changed,
      flags.nameservers,
    );
    const result = await runWaitDns(
      {
        ...checks,
        deadlineMs: Math.max(0, deadlineAt - now()),
        nothingReason: NO_RECORD_CHANGED,
        ...(stop !== undefined ? { signal: stop } : {}),
      },
      output,
    );
    // Stopped by a signal: the session says where the run stopped (./session.ts).
    if (result.status === 'stopped') return;
    if (result.status !== 'served' && result.status !== 'nothing') throw notServedError(zone, result);
  }
}
