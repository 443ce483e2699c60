/**
 * `zonectl emulator`: run the local service. Prints exactly one line on stdout (the base URL)
 * when ready; when it had to invent the first token, prints it once on stderr. Runs until
 * SIGINT/SIGTERM, then closes cleanly (pending writes flushed).
 */
import type { ExtraAccount } from '../../emulator/seed-accounts.js';
import { InvalidArgumentError } from 'commander';
import type { ZoneTier } from '../../emulator/contract.js';
import { isApiDate } from '../../emulator/dated.js';
import { parseRateLimit, type RateLimit } from '../../emulator/faults.js';
import { startEmulator } from '../../emulator/server.js';
import { StateLockedError } from '../../emulator/state-lock.js';
import { statSync } from 'node:fs';
import { ZonectlError } from '../../core/errors.js';
import { printable } from '../../core/text/index.js';
import { currentVerbosity, info } from '../output/io.js';
import { defineCommand, flag, type FlagValues } from '../definition/define-command.js';

/**
 * `--state` names a file (the emulator keeps FILE, FILE.journal and FILE.lock beside it): a
 * directory, or a path it cannot write, gets a message saying so instead of a raw EISDIR.
 */
export function checkStatePath(path: string): void {
  let isDir = false;
  try {
    isDir = statSync(path).isDirectory();
  } catch {
    return; // a new file: created on start
  }
  if (isDir) {
    throw new ZonectlError(
      'BAD_FLAG',
      `--state ${path} is a directory; give a file path, e.g. --state ${path.replace(/\/+$/, '')}/emulator-state.json (the emulator keeps that file and FILE.journal beside it)`,
    );
  }
}

/** A file-system error while opening the state, as one line that names the path and the flag. */
function stateError(path: string, err: unknown): ZonectlError | undefined {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (err instanceof StateLockedError) return new ZonectlError('STATE_LOCKED', err.message);
  if (code === undefined || !['EISDIR', 'ENOTDIR', 'EEXIST', 'EACCES', 'EPERM', 'EROFS', 'ENOSPC'].includes(code)) return undefined;
  const why = {
    EISDIR: 'a directory is in the way',
    ENOTDIR: 'a part of the path is a file, not a directory',
    EEXIST: 'a part of the path is a file, not a directory',
    EACCES: 'permission denied',
    EPERM: 'permission denied',
    EROFS: 'read-only file system',
    ENOSPC: 'no space left on the device',
  }[code];
  return new ZonectlError(
    'BAD_FLAG',
    `--state ${path}: cannot keep the emulator's state there (${why}, ${code}); give a writable file path`,
  );
}

/** A port the emulator cannot listen on (taken, privileged, or an address not on this host), as one line naming the flag. */
function listenError(flags: Pick<EmulatorFlags, 'host' | 'port' | 'dnsPort'>, err: unknown): ZonectlError | undefined {
  const dnsPorts = flags.dnsPort ?? [];
  const e = err as (NodeJS.ErrnoException & { port?: number }) | undefined;
  if (e?.syscall !== 'listen' && e?.syscall !== 'bind') return undefined;
  const why = {
    EADDRINUSE: 'is already in use',
    EACCES: 'needs privileges this process does not have',
    EADDRNOTAVAIL: 'is not an address of this host',
  }[e.code ?? ''];
  if (why === undefined) return undefined;
  // The HTTP server listens first; a bind failure (UDP) or a later listen is the DNS port.
  const dns = e.syscall === 'bind' || (e.port !== undefined && dnsPorts.includes(e.port) && e.port !== flags.port);
  const flag = dns ? '--dns-port' : '--port';
  const port = e.port ?? (dns ? dnsPorts[0] : flags.port);
  const what = e.code === 'EADDRNOTAVAIL' ? `--host ${flags.host}` : `${flag} ${port} on ${flags.host}`;
  return new ZonectlError(
    'BAD_FLAG',
    `the emulator cannot listen: ${what} ${why} (${e.code}); choose another${e.code === 'EADDRNOTAVAIL' ? ' address' : ` port, or ${flag} 0 for a free one`}`,
  );
}

/** `--dns-lag` needs nameservers, and one value for all of them or one per `--dns-port`. */
function checkDnsLag(flags: Pick<EmulatorFlags, 'dnsPort' | 'dnsLag'>): void {
  if (flags.dnsLag === undefined) return;
  const ports = flags.dnsPort?.length ?? 0;
  if (ports === 0) throw new ZonectlError('BAD_FLAG', '--dns-lag needs --dns-port: the lag is that of the DNS nameservers');
  if (flags.dnsLag.length > 1 && flags.dnsLag.length !== ports) {
    throw new ZonectlError(
      'BAD_FLAG',
      `--dns-lag has ${flags.dnsLag.length} values for ${ports} --dns-port nameservers; give one value for all, or one per --dns-port`,
    );
  }
}

function intArg(name: string, min: number, max: number): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!/^\d+$/.test(value.trim()) || !Number.isInteger(n) || n < min || n > max) {
      throw new InvalidArgumentError(`${name} must be an integer between ${min} and ${max}.`);
    }
    return n;
  };
}

/** `--dns-lag SECONDS[,SECONDS...]`: one value per nameserver in order, or one for all. */
function dnsLagArg(value: string): number[] {
  return value.split(',').map((part) => {
    const n = Number(part.trim());
    if (!/^\d+(\.\d+)?$/.test(part.trim()) || n > 86_400) {
      throw new InvalidArgumentError('--dns-lag must be SECONDS (0..86400) or one value per --dns-port, e.g. 0,30.');
    }
    return n;
  });
}

function probability(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1) {
    throw new InvalidArgumentError('--fail-rate must be a probability between 0 and 1 (e.g. 0.1).');
  }
  return n;
}

function rateLimit(value: string): RateLimit {
  const parsed = parseRateLimit(value);
  if (!parsed) throw new InvalidArgumentError('--rate-limit must be N/SECONDS with positive integers, e.g. 1200/300.');
  return parsed;
}

/** `--account TOKEN:ZONE,ZONE...`: another account with its own user and token (repeatable). */
function extraAccount(value: string): ExtraAccount {
  const at = value.indexOf(':');
  const token = at < 0 ? value : value.slice(0, at);
  const zones =
    at < 0
      ? []
      : value
          .slice(at + 1)
          .split(',')
          .map((z) => z.trim())
          .filter((z) => z !== '');
  if (token.trim() === '') throw new InvalidArgumentError("--account must be TOKEN:ZONE[,ZONE...] (the token of the account's own user).");
  for (const z of zones) zoneName(z);
  return { token, zones };
}

function apiDate(value: string): string {
  if (!isApiDate(value)) throw new InvalidArgumentError('--api-date must be a date YYYY-MM-DD, e.g. 2024-09-30.');
  return value;
}

function zoneName(value: string): string {
  const name = value.trim().replace(/\.$/, '').toLowerCase();
  if (!/^([a-z0-9_-]+\.)+[a-z0-9-]+$/.test(name) && !/^[^\s/]+\.[^\s/]+$/.test(name)) {
    throw new InvalidArgumentError(`"${value}" is not a zone name (e.g. example.com).`);
  }
  return value.trim();
}

const EMULATOR_FLAGS = {
  host: flag.text('--host <host>', 'address to listen on', '127.0.0.1'),
  port: flag.parsed('--port <port>', 'port to listen on (0 picks a free port)', intArg('--port', 0, 65535), 8787),
  zone: flag.list('--zone <name>', 'create an active zone (repeatable)', zoneName, { empty: true }),
  token: flag.text('--token <value>', 'value of the first API token (default: a random one, printed once on stderr)'),
  account: flag.list(
    '--account <TOKEN:ZONE,...>',
    'another account, with its own user and token, holding these zones (repeatable)',
    extraAccount,
    { empty: true },
  ),
  email: flag.text('--email <email>', 'email of the seeded user (key-pair auth)'),
  key: flag.text('--key <key>', 'global API key of the seeded user, 37 hex characters (default: random)'),
  zonePlan: flag.choice(
    '--zone-plan <plan>',
    'plan of the seeded zones (batch limit, SOA editing, TTL minimum)',
    ['free', 'pro', 'business', 'enterprise'] satisfies ZoneTier[],
    'free',
  ),
  state: flag.text('--state <file>', 'keep state in FILE (durable journal + snapshot); default: memory only'),
  apiDate: flag.parsed('--api-date <YYYY-MM-DD>', 'API date for dated behaviours (default: today)', apiDate),
  latency: flag.parsed('--latency <ms>', 'add this latency to every request', intArg('--latency', 0, 600_000)),
  failRate: flag.parsed('--fail-rate <p>', 'probability that a request fails (refused, or answer lost)', probability),
  seed: flag.parsed('--seed <n>', 'seed of the fault generator (replay a run)', intArg('--seed', 0, 2 ** 32 - 1)),
  rateLimit: flag.parsed('--rate-limit <N/SECONDS>', 'answer 429 beyond N requests per SECONDS', rateLimit),
  batchLimit: flag.parsed(
    '--batch-limit <n>',
    'record operations per batch (default 200 on free zones, 3,500 otherwise)',
    intArg('--batch-limit', 1, 1_000_000),
  ),
  recordQuota: flag.parsed(
    '--record-quota <n>',
    "records every zone may hold (default: the service's quota, 200 on new free zones, 3,500 on paid ones, 1,000,000 across an enterprise account)",
    intArg('--record-quota', 0, 100_000_000),
  ),
  priorityInData: flag.switch('--priority-in-data', 'MX and URI answer priority inside data only (the announced API shape)'),
  dnsPort: flag.list(
    '--dns-port <port>',
    "also answer DNS queries for the zones over UDP and TCP on this port (0 picks a free port); repeat it for more nameservers, the k-th standing for each zone's k-th name server",
    intArg('--dns-port', 0, 65535),
  ),
  dnsLag: flag.parsed(
    '--dns-lag <seconds[,seconds...]>',
    'nameservers serve each write this many seconds late (one value for all, or one per --dns-port)',
    dnsLagArg,
  ),
  dnssecAutoActivate: flag.switch(
    '--dnssec-auto-activate',
    'the registrar follows DNSSEC changes at once: pending becomes active, pending-disabled becomes disabled, right after the PATCH',
  ),
  verbose: flag.switch('--verbose', 'log one line per request on stderr'),
};

type EmulatorFlags = FlagValues<typeof EMULATOR_FLAGS>;

export const emulatorCommand = defineCommand({
  name: 'emulator',
  description: 'Run a local emulator of the Cloudflare API v4 (DNS records, zones, tokens, DNS settings).',
  flags: EMULATOR_FLAGS,
  examples: [
    'zonectl emulator --zone example.com --token test-token --port 8787',
    'CLOUDFLARE_BASE_URL=http://127.0.0.1:8787/client/v4 CLOUDFLARE_API_TOKEN=test-token zonectl plan zone.yaml',
  ],
  run: async ({ flags }) => {
    await runEmulator(flags);
    return undefined;
  },
});

async function runEmulator(flags: EmulatorFlags): Promise<void> {
  // Listen for the stop signals before anything else, so that a signal that arrives while the
  // emulator starts still stops it cleanly (exit 0) instead of killing the process.
  let stopRequested: () => void = () => {};
  const stopped = new Promise<void>((resolve) => {
    stopRequested = resolve;
  });
  const stop = (): void => {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    stopRequested();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  if (flags.state !== undefined) checkStatePath(flags.state);
  checkDnsLag(flags);
  const emu = await startEmulator({
    host: flags.host,
    port: flags.port,
    zones: flags.zone,
    accounts: flags.account,
    zonePlan: flags.zonePlan,
    ...(flags.token !== undefined ? { token: flags.token } : {}),
    ...(flags.email !== undefined ? { email: flags.email } : {}),
    ...(flags.key !== undefined ? { key: flags.key } : {}),
    ...(flags.state !== undefined ? { statePath: flags.state } : {}),
    ...(flags.apiDate !== undefined ? { apiDate: flags.apiDate } : {}),
    ...(flags.latency !== undefined ? { latencyMs: flags.latency } : {}),
    ...(flags.failRate !== undefined ? { failRate: flags.failRate } : {}),
    ...(flags.seed !== undefined ? { seed: flags.seed } : {}),
    ...(flags.rateLimit !== undefined ? { rateLimit: flags.rateLimit } : {}),
    ...(flags.batchLimit !== undefined ? { batchLimit: flags.batchLimit } : {}),
    ...(flags.recordQuota !== undefined ? { recordQuota: flags.recordQuota } : {}),
    ...(flags.priorityInData ? { priorityInData: true } : {}),
    ...(flags.dnsPort !== undefined ? { dnsPorts: flags.dnsPort } : {}),
    ...(flags.dnsLag !== undefined ? { dnsLagMs: flags.dnsLag.map((s) => Math.round(s * 1000)) } : {}),
    ...(flags.dnssecAutoActivate ? { dnssecAutoActivate: true } : {}),
    // Its own --verbose, or the global one (`zonectl --verbose emulator`): one line per request.
    logger:
      flags.verbose || currentVerbosity() === 'verbose' ? (line) => process.stderr.write(`emulator: ${printable(line)}\n`) : undefined,
  }).catch((err: unknown) => {
    stop();
    throw listenError(flags, err) ?? (flags.state !== undefined ? stateError(flags.state, err) : undefined) ?? err;
  });
  if (emu.tokenGenerated && emu.adminToken !== undefined) {
    process.stderr.write(`emulator: API token (shown once): ${emu.adminToken}\n`);
  }
  for (const zone of emu.zones) info(printable(`emulator: zone ${zone.name} id ${zone.id} (${zone.plan})`));
  // Every seeded account's id (the first's too: zonectl.yaml's account_id), in the order seeded, never a token.
  const zonesOf = (zones: readonly { name: string; id: string }[]): string =>
    zones.map((z) => `${z.name} id ${z.id}`).join(', ') || 'no zones';
  info(printable(`emulator: account ${emu.accountId} (user ${emu.email}): ${zonesOf(emu.zones)}`));
  for (const a of emu.accounts) info(printable(`emulator: account ${a.accountId} (user ${a.email}): ${zonesOf(a.zones)}`));
  if (emu.dns !== undefined) info(`emulator: DNS on ${emu.dns.host} port ${emu.dns.port} (UDP and TCP)`);
  for (const ns of emu.nameservers.slice(1)) {
    info(`emulator: DNS nameserver ${ns.index + 1} on ${ns.host} port ${ns.port} (UDP and TCP)`);
  }
  process.stdout.write(`${emu.baseUrl}\n`);

  await stopped;
  await emu.close();
}
