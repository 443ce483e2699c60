/** `--wait-dns[=SECONDS]` and `--nameserver HOST[:PORT]`... as the session takes them (`apply --wait-dns`, `zonectl wait-dns`). */
import { parseNameserver } from './nameservers.js';

export interface WaitDnsFlags {
  /** How long to wait in all. */
  readonly deadlineMs: number;
  /** `HOST[:PORT]` each; empty: each zone's `name_servers`. */
  readonly nameservers: readonly string[];
}

/** `seconds` as checked by the command's definition (src/cli/options.ts, `parseWaitSeconds`). */
export function waitDnsFlags(seconds: number, nameservers: readonly string[]): WaitDnsFlags {
  return { deadlineMs: seconds * 1000, nameservers: nameservers.map((text) => parseNameserver(text).label) };
}
