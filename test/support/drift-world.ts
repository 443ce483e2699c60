/**
 * Real drift, made by a real run: the emulator with a few zones, their files applied with the
 * real CLI, then the live zones changed behind the files' back over the API (as a colleague in
 * the dashboard would): a record's content and TTL changed, a record added outside the file (its
 * name and content hold `<script>`: names from the API are attacker-controlled), one deleted, a
 * DNS setting changed; one zone left in sync; one zone file naming a zone the account does not
 * have (the zone that fails). Used by the report tests and by scripts/readme-screenshot.ts.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { runCliInProcess as runCli } from './run-cli-in-process.js';
import type { CliResult } from './run-cli.js';

export const WORLD_TOKEN = 'drift-world-token-5c1e9a7b3d';

/** A record name and a TXT value an attacker could give a record in the dashboard. */
export const HOSTILE_NAME = '<script>alert(1)</script>';
export const HOSTILE_CONTENT = '<img src=x onerror=alert(2)>';

const zoneFile = (zone: string, extra = ''): string => `version: 1
zone: ${zone}
settings:
  flatten_all_cnames: false
records:
  - { name: "@", type: A, content: 192.0.2.10, ttl: 300 }
  - { name: www, type: CNAME, content: ${zone}, ttl: 300 }
  - { name: "@", type: MX, content: mx1.example.net, priority: 10 }
  - { name: "@", type: TXT, content: "v=spf1 include:_spf.example.net -all" }
  - { name: api, type: A, content: 192.0.2.20 }
${extra}`;

export interface DriftWorld {
  readonly emulator: RunningEmulator;
  readonly dir: string;
  readonly zonesDir: string;
  /** The CLI against this emulator, in `dir`. */
  cli(args: string[]): Promise<CliResult>;
  /** Calls the emulator's API as the dashboard would. */
  api(method: string, path: string, body?: unknown): Promise<{ result: unknown; success: boolean }>;
  zoneId(zone: string): Promise<string>;
  close(): Promise<void>;
}

export async function openDriftWorld(zones: readonly string[] = ['shop.example', 'mail.example', 'quiet.example']): Promise<DriftWorld> {
  // Pro zones: the drift below turns flatten_all_cnames on, a feature of paid plans.
  const emulator = await startEmulator({ port: 0, zones: [...zones], token: WORLD_TOKEN, zonePlan: 'pro' });
  const dir = mkdtempSync(join(tmpdir(), 'zonectl-drift-world-'));
  const zonesDir = join(dir, 'zones');
  mkdirSync(zonesDir);
  const env = { CLOUDFLARE_BASE_URL: emulator.baseUrl, CLOUDFLARE_API_TOKEN: WORLD_TOKEN };
  const api: DriftWorld['api'] = async (method, path, body) => {
    const res = await fetch(`${emulator.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${WORLD_TOKEN}`, 'content-type': 'application/json' },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return (await res.json()) as { result: unknown; success: boolean };
  };
  const world: DriftWorld = {
    emulator,
    dir,
    zonesDir,
    cli: (args) => runCli(args, env, dir),
    api,
    zoneId: async (zone) => ((await api('GET', `/zones?name=${zone}`)).result as Array<{ id: string }>)[0]!.id,
    close: async () => {
      try {
        await emulator.close();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  for (const zone of zones) writeFileSync(join(zonesDir, `${zone}.yaml`), zoneFile(zone));
  const applied = await world.cli(['apply', 'zones/', '--yes']);
  if (applied.code !== 0) throw new Error(`drift world: apply failed: ${applied.stderr}`);
  return world;
}

/** Changes the first zone (and the second's settings) behind the files' back. */
export async function makeDrift(world: DriftWorld, zone = 'shop.example', settingsZone = 'mail.example'): Promise<void> {
  const id = await world.zoneId(zone);
  const records = (await world.api('GET', `/zones/${id}/dns_records?per_page=100`)).result as Array<{
    id: string;
    name: string;
    type: string;
  }>;
  const find = (name: string, type: string): string => records.find((r) => r.name === name && r.type === type)!.id;
  const must = async (call: Promise<{ success: boolean; result: unknown }>, what: string): Promise<void> => {
    const answer = await call;
    if (!answer.success) throw new Error(`drift world: ${what} refused: ${JSON.stringify(answer)}`);
  };
  await must(world.api('PATCH', `/zones/${id}/dns_records/${find(zone, 'A')}`, { content: '192.0.2.99', ttl: 600 }), 'change A');
  await must(world.api('DELETE', `/zones/${id}/dns_records/${find(`api.${zone}`, 'A')}`), 'delete api');
  await must(
    world.api('POST', `/zones/${id}/dns_records`, { type: 'TXT', name: `promo.${zone}`, content: HOSTILE_CONTENT, ttl: 1 }),
    'add TXT',
  );
  // The service refuses `<` in record names; an API token's name holds anything (an unlisted token is reported by name).
  await must(
    world.api('POST', '/user/tokens', {
      name: HOSTILE_NAME,
      policies: [
        {
          effect: 'allow',
          permission_groups: [{ id: '82e64a83756745bbbb1c9c2701bf816b' }],
          resources: { [`com.cloudflare.api.account.zone.${id}`]: '*' },
        },
      ],
    }),
    'create a token',
  );
  const settingsId = await world.zoneId(settingsZone);
  await must(world.api('PATCH', `/zones/${settingsId}/dns_settings`, { flatten_all_cnames: true }), 'change settings');
}

/**
 * A zone file for a zone the account does not have: a zone that fails to be checked. Its name
 * sorts last: the run's first file reports the tokens no file lists (plan-zone-run.ts).
 */
export function addMissingZoneFile(world: DriftWorld, zone = 'zz-missing.example'): void {
  writeFileSync(
    join(world.zonesDir, `${zone}.yaml`),
    zoneFile(zone).replace('zone: ', 'zone_id: 0123456789abcdef0123456789abcdef\nzone: '),
  );
}
