/**
 * The nameservers to ask: `HOST[:PORT]` as given (`--nameserver`, tests against the emulator)
 * or the zone's `name_servers` (port 53). An address is asked as it is; a name is resolved
 * through the system resolver (getaddrinfo, so /etc/hosts and the local resolver's view, as
 * the issue asks), the first address it gives being asked.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { ZonectlError } from '../../core/errors.js';

export interface NameserverSpec {
  /** As given, for the report. */
  readonly label: string;
  readonly host: string;
  readonly port: number;
}

/** Addresses of a host name, in the resolver's order. */
export type HostLookup = (host: string) => Promise<readonly string[]>;

export const systemLookup: HostLookup = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

const HOST_NAME = /^(?=.{1,253}$)(?:[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9])?\.)*[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9])?\.?$/;

function bad(text: string, why: string): ZonectlError {
  return new ZonectlError('BAD_ARGS', `nameserver ${JSON.stringify(text)}: ${why} (write HOST, HOST:PORT or [IPv6]:PORT)`);
}

function portOf(text: string, raw: string): number {
  if (!/^\d{1,5}$/.test(raw) || Number(raw) < 1 || Number(raw) > 65535) throw bad(text, 'the port must be 1..65535');
  return Number(raw);
}

/** `ns1.example.net`, `ns1.example.net:5353`, `192.0.2.1:53`, `2001:db8::1`, `[2001:db8::1]:5353`. */
export function parseNameserver(text: string): NameserverSpec {
  const given = text.trim();
  const bracketed = /^\[([^\]]+)\](?::(.*))?$/.exec(given);
  if (bracketed !== null) {
    if (isIP(bracketed[1]) !== 6) throw bad(text, 'brackets hold an IPv6 address');
    return { label: given, host: bracketed[1], port: bracketed[2] === undefined ? 53 : portOf(text, bracketed[2]) };
  }
  if (isIP(given) !== 0) return { label: given, host: given, port: 53 };
  const colon = given.lastIndexOf(':');
  const host = colon < 0 ? given : given.slice(0, colon);
  const port = colon < 0 ? 53 : portOf(text, given.slice(colon + 1));
  if (isIP(host) === 4 || HOST_NAME.test(host)) return { label: given, host: host.replace(/\.$/, ''), port };
  throw bad(text, 'not a host name or an address');
}

/** The address to ask, or why there is none. */
export async function addressOf(spec: NameserverSpec, resolve: HostLookup): Promise<{ address: string } | { why: string }> {
  if (isIP(spec.host) !== 0) return { address: spec.host };
  try {
    const addresses = await resolve(spec.host);
    const first = addresses.find((a) => isIP(a) !== 0);
    return first !== undefined ? { address: first } : { why: `${spec.host} has no address` };
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    return { why: `${spec.host} could not be resolved${typeof code === 'string' && /^[A-Z_]{1,32}$/.test(code) ? ` (${code})` : ''}` };
  }
}
