/**
 * The resolve session: what the zone will answer once the file is applied, from the file alone
 * (no API call). A file that does not load tells its errors and is refused.
 */
import { ZonectlError } from '../../core/errors.js';
import { canonicalRecordName } from '../../core/model/names.js';
import { resolveName, type Resolution } from '../../core/resolve/resolve-name.js';
import { zoneViewOf } from '../../core/resolve/zone-view.js';
import { checkZoneFiles } from '../files/index.js';
import type { MessageEvent, SessionOutput } from '../session/index.js';

export interface ResolveRequest {
  readonly file: string;
  /** As in the zone file: relative, @, or fully qualified. */
  readonly name: string;
  readonly type: string;
  /** The zone's nameservers, for SOA and apex NS answers. */
  readonly nameServers: readonly string[];
  readonly env: Readonly<Record<string, string | undefined>>;
}

export type ResolveEvent = MessageEvent;

export interface ResolveResult {
  readonly zone: string;
  readonly query: { readonly name: string; readonly type: string };
  readonly resolution: Resolution;
}

class ResolveError extends ZonectlError {}

export async function runResolve(request: ResolveRequest, output: SessionOutput<ResolveEvent>): Promise<ResolveResult> {
  const [checked] = await checkZoneFiles([request.file], request.env);
  const errors = checked!.problems.filter((p) => p.severity === 'error');
  for (const problem of errors) output.emit({ kind: 'problem', problem });
  const config = checked!.config;
  if (config === undefined || errors.length > 0) throw new ResolveError('INVALID_ZONE_FILE', `${request.file} is not a valid zone file`);
  const qname = canonicalRecordName(request.name, config.zone);
  const resolution = resolveName(zoneViewOf(config, request.nameServers), qname, request.type);
  return { zone: config.zone, query: { name: qname, type: request.type.toUpperCase() }, resolution };
}
