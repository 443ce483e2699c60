/** Flags that several commands share (each command's definition lists them beside its own). */
import { ZonectlError } from '../core/errors.js';
import { API_RATE_LIMIT } from '../core/service/api-limits.js';
import { flag } from './definition/define-command.js';

export const baseUrlFlag = flag.text(
  '--base-url <url>',
  'API base URL (default: $CLOUDFLARE_BASE_URL or https://api.cloudflare.com/client/v4)',
);

export const configFlag = flag.text(
  '--config <file>',
  'the repository configuration (accounts and their credentials; default: zonectl.yaml found upwards from the paths)',
);

export const rateLimitFlag = flag.text(
  '--rate-limit <N/SECONDS>',
  `the run's request budget (default ${API_RATE_LIMIT.requests}/${API_RATE_LIMIT.windowSeconds}, the service's per-user limit; divided by N under --shard)`,
);

export const shardFlag = flag.text(
  '--shard <K/N>',
  'only the zones of shard K of N (1 <= K <= N), chosen by zone name: N CI jobs cover each zone once',
);

/** What `--wait-dns` alone waits, in seconds (`apply --wait-dns`, `zonectl wait-dns`). */
export const WAIT_DNS_DEFAULT_SECONDS = 300;

/** The longest wait asked for: a day. */
const MAX_WAIT_DNS_SECONDS = 86_400;

/** `--wait-dns SECONDS` and `wait-dns --timeout SECONDS`: a whole number of seconds, at most a day. */
export function parseWaitSeconds(seconds: string): number {
  const n = Number(seconds);
  if (!/^\d+$/.test(seconds.trim()) || !Number.isInteger(n) || n < 1 || n > MAX_WAIT_DNS_SECONDS)
    throw new ZonectlError('BAD_FLAG', `--wait-dns must be a whole number of seconds from 1 to ${MAX_WAIT_DNS_SECONDS}, got "${seconds}"`);
  return n;
}

export const waitDnsFlag = flag.optionalValue(
  '--wait-dns [seconds]',
  `after the zone converged, wait until each of its nameservers serves every name and type the plan changed (default ${WAIT_DNS_DEFAULT_SECONDS} s); exit 1 (DNS_NOT_SERVED) if the deadline passes`,
  (value: string): string => value,
  String(WAIT_DNS_DEFAULT_SECONDS),
);

export const nameserverFlag = flag.list(
  '--nameserver <host[:port]>',
  "a nameserver to ask instead of the zone's name_servers (repeatable; HOST, HOST:PORT or [IPv6]:PORT)",
  (value: string): string => value,
  { empty: true },
);
