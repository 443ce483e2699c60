/**
 * `zonectl wait-dns FILE...`: for each zone file, wait until each of the zone's nameservers (or
 * `--nameserver`) serves every name and type the file lists, as the zone now holds it (read back
 * from the API, so records the service keeps beside the file's are answered as they are). The
 * same wait as `apply --wait-dns` (./session.ts), for a change applied elsewhere (another run, the
 * dashboard) or to check a zone at any time. The run's deadline covers every zone.
 */
import { filesToPlan, tellWarnings } from '../files/index.js';
import { type Connection, resolveRunZone, runClients } from '../engine/index.js';
import type { MessageEvent, SessionOutput } from '../session/index.js';
import type { WaitDnsFlags } from './flags.js';
import type { WaitDnsEvent, WaitDnsResult } from './output.js';
import { runWaitDns } from './session.js';
import { zoneChecks } from './zone-checks.js';

export interface WaitDnsFilesRequest {
  readonly paths: readonly string[];
  /** `--config FILE` (default: zonectl.yaml found upwards). */
  readonly config?: string | undefined;
  readonly flags: WaitDnsFlags;
  readonly connection: Connection;
  /** SIGINT stops the wait between rounds. */
  readonly signal?: AbortSignal;
}

export type WaitDnsFilesEvent = MessageEvent | WaitDnsEvent;

/** Each zone's result, in the order of the files (the wait stops at the first zone not served). */
export interface WaitDnsFilesResult {
  readonly zones: ReadonlyArray<{ readonly zone: string; readonly result: WaitDnsResult }>;
}

export async function runWaitDnsFiles(
  request: WaitDnsFilesRequest,
  output: SessionOutput<WaitDnsFilesEvent>,
  now: () => number = Date.now,
): Promise<WaitDnsFilesResult> {
  const emit = (event: WaitDnsFilesEvent): void => output.emit(event);
  const files = await filesToPlan(request.paths, { config: request.config, env: request.connection.env }, emit);
  tellWarnings(files.warnings, files, emit);
  const deadlineAt = now() + request.flags.deadlineMs;
  const clients = runClients(request.connection, undefined, files.repo);
  try {
    const zones: Array<{ zone: string; result: WaitDnsResult }> = [];
    for (const config of files.configs) {
      const client = clients.for(config);
      const zone = await resolveRunZone(client, config);
      const checks = await zoneChecks(
        client,
        zone,
        config.zone,
        config.records.map((r) => ({ after: r.record })),
        request.flags.nameservers,
      );
      const result = await runWaitDns(
        {
          ...checks,
          deadlineMs: Math.max(0, deadlineAt - now()),
          nothingReason: 'the file lists no record',
          ...(request.signal !== undefined ? { signal: request.signal } : {}),
        },
        { emit },
      );
      zones.push({ zone: config.zone, result });
      if (result.status !== 'served' && result.status !== 'nothing') break;
    }
    return { zones };
  } finally {
    await clients.close();
  }
}
