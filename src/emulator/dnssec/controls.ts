/**
 * The emulator's DNSSEC controls: what the registrar (and the service's own checks) do in the
 * real world, at a test's command. In-process only (`emu.dnssec` of startEmulator); the CLI's
 * `--dnssec-auto-activate` makes the registrar follow every change at once instead.
 *
 * - `setParentDs(zone, true)`: the parent zone now publishes the DS, so `pending` becomes
 *   `active` (and `disabled` would read `pending-disabled`); `false` removes it: `active` reads
 *   `pending` again and `pending-disabled` becomes `disabled`.
 * - `setError(zone, true|false)`: the status reads `error` until cleared.
 *
 * Each is durable (`--state`) before it resolves, and the DNS answers follow it.
 */
import type { Store, ZoneRow } from '../contract.js';
import { zoneDs, type ZoneDs } from './render.js';
import { DNSSEC_COLLECTION, dnssecStatus, readDnssec, type DnssecRow, type DnssecStatus } from './state.js';

export interface DnssecControls {
  setParentDs(zone: string, present: boolean): Promise<void>;
  setError(zone: string, error: boolean): Promise<void>;
  status(zone: string): DnssecStatus;
  /** The zone's DS as the API's `ds` shows it (undefined while DNSSEC was never enabled). */
  ds(zone: string): ZoneDs | undefined;
}

export function dnssecControls(store: Store & { flush(): Promise<void> }, changed: () => void): DnssecControls {
  /** A zone by name or id. */
  const find = (zone: string): ZoneRow => {
    const name = zone.toLowerCase().replace(/\.$/, '');
    const row = store.get<ZoneRow>('zones', zone) ?? store.values<ZoneRow>('zones').find((z) => z.name === name);
    if (row === undefined) throw new Error(`no zone ${zone} in the emulator`);
    return row;
  };
  const update = async (zone: string, edit: (row: DnssecRow) => DnssecRow): Promise<void> => {
    const z = find(zone);
    store.transaction(() => {
      const row = readDnssec(store, z.id);
      if (row.keys === undefined) throw new Error(`DNSSEC of ${z.name} was never enabled (PATCH /zones/${z.id}/dnssec first)`);
      store.put(DNSSEC_COLLECTION, z.id, edit(row));
    });
    changed();
    await store.flush();
  };
  return {
    setParentDs: (zone, present) => update(zone, (row) => ({ ...row, parent_ds: present })),
    setError: (zone, error) => update(zone, (row) => ({ ...row, error })),
    status: (zone) => dnssecStatus(readDnssec(store, find(zone).id)),
    ds: (zone) => {
      const z = find(zone);
      return zoneDs(z.name, readDnssec(store, z.id));
    },
  };
}
