/** `--wait-dns[=SECONDS]` and `--nameserver HOST[:PORT]`... as given, checked (`apply --wait-dns`, `zonectl wait-dns`). */
import { ZonectlError } from '../../core/errors.js';
import { parseNameserver } from './nameservers.js';

/** The longest wait asked for: a day. */
const MAX_SECONDS = 86_400;

export interface WaitDnsFlags {
  /** How long to wait in all. */
  readonly deadlineMs: number;
  /** `HOST[:PORT]` each; empty: each zone's `name_servers`. */
  readonly nameservers: readonly string[];
}

export function readWaitDnsFlags(seconds: string, nameservers: readonly string[]): WaitDnsFlags {
  const n = Number(seconds);
  if (!/^\d+$/.test(seconds.trim()) || !Number.isInteger(n) || n < 1 || n > MAX_SECONDS)
    throw new ZonectlError('BAD_FLAG', `--wait-dns must be a whole number of seconds from 1 to ${MAX_SECONDS}, got "${seconds}"`);
  return { deadlineMs: n * 1000, nameservers: nameservers.map((text) => parseNameserver(text).label) };
}
