/**
 * src/api/dnssec.ts: the real client against the emulator over loopback. Every state the
 * service reports, the DS read back consistent with the key the emulator holds, DELETE refused
 * before `disabled` without sending it, and the permission groups the module documents.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CloudflareClient, type RequestLogEvent } from '../../src/api/client.js';
import { DNSSEC_PERMISSION_GROUPS, DnssecDeleteRefusedError, deleteDnssec, patchDnssec, readDnssec } from '../../src/api/dnssec.js';
import { CloudflareApiError } from '../../src/api/errors.js';
import { findZoneId } from '../../src/api/live.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { GROUP } from '../emulator/identity/helpers.js';

const TOKEN = 'dnssec-api-test-token-0123456789';
const ZONE = 'example.com';

let emu: RunningEmulator | undefined;
const clients: CloudflareClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await emu?.close();
  emu = undefined;
});

function clientFor(e: RunningEmulator, token: string, log?: RequestLogEvent[]): CloudflareClient {
  const c = new CloudflareClient({
    baseUrl: e.baseUrl,
    credentials: { kind: 'token', token },
    limiter: null,
    retry: { maxAttempts: 1 },
    ...(log !== undefined ? { log: (ev: RequestLogEvent) => log.push(ev) } : {}),
  });
  clients.push(c);
  return c;
}

describe('readDnssec / patchDnssec / deleteDnssec', () => {
  it('moves a zone through every state, reading the DS the emulator derived from its key', async () => {
    emu = await startEmulator({ zones: [ZONE], token: TOKEN });
    const log: RequestLogEvent[] = [];
    const client = clientFor(emu, TOKEN, log);
    const zoneId = await findZoneId(client, ZONE);

    const never = await readDnssec(client, zoneId, ZONE);
    expect(never).toMatchObject({ status: 'disabled', deleted: true, modifiedOn: null });
    expect(never.key).toBeUndefined();

    const enabled = await patchDnssec(client, zoneId, ZONE, { status: 'active', dnssec_use_nsec3: true });
    expect(enabled).toMatchObject({ status: 'pending', deleted: false, flags: { use_nsec3: true, multi_signer: false, presigned: false } });
    const held = emu.dnssec.ds(ZONE)!;
    expect(enabled.key?.ds).toMatchObject({ keyTag: held.keyTag, digest: held.digest, algorithm: 13, digestType: 2, text: held.ds });
    expect(enabled.key?.publicKey).toBe(held.publicKey);
    expect(enabled.keyProblem).toBeUndefined();

    // The registrar publishes the DS: the service reports active.
    await emu.dnssec.setParentDs(ZONE, true);
    expect((await readDnssec(client, zoneId, ZONE)).status).toBe('active');

    // DELETE is refused before `disabled`, and not sent.
    const before = log.length;
    await expect(deleteDnssec(client, zoneId, ZONE)).rejects.toThrow(DnssecDeleteRefusedError);
    await expect(deleteDnssec(client, zoneId, ZONE)).rejects.toMatchObject({
      code: 'DNSSEC_STATE',
      message: expect.stringContaining('DNSSEC is active'),
    });
    expect(log.slice(before).map((e) => e.method)).toEqual(['GET', 'GET']);

    expect((await patchDnssec(client, zoneId, ZONE, { status: 'disabled' })).status).toBe('pending-disabled');
    await expect(deleteDnssec(client, zoneId, ZONE)).rejects.toMatchObject({
      message: expect.stringContaining('DNSSEC is pending-disabled'),
    });
    await emu.dnssec.setParentDs(ZONE, false);
    expect((await readDnssec(client, zoneId, ZONE)).status).toBe('disabled');

    await deleteDnssec(client, zoneId, ZONE);
    expect(log.at(-1)).toMatchObject({ method: 'DELETE', path: `/zones/${zoneId}/dnssec`, status: 200 });
    expect(await readDnssec(client, zoneId, ZONE)).toMatchObject({ status: 'disabled', deleted: true });
    await expect(deleteDnssec(client, zoneId, ZONE)).rejects.toMatchObject({
      message: expect.stringContaining('never enabled, or is deleted already'),
    });
  });

  it('reports the service error state', async () => {
    emu = await startEmulator({ zones: [ZONE], token: TOKEN });
    const client = clientFor(emu, TOKEN);
    const zoneId = await findZoneId(client, ZONE);
    await patchDnssec(client, zoneId, ZONE, { status: 'active' });
    await emu.dnssec.setError(ZONE, true);
    expect((await readDnssec(client, zoneId, ZONE)).status).toBe('error');
  });

  it('needs the permission groups it documents: DNS Read reads, DNS Write writes', async () => {
    emu = await startEmulator({ zones: [ZONE], token: TOKEN });
    const admin = clientFor(emu, TOKEN);
    const zoneId = await findZoneId(admin, ZONE);
    const groupIds: Record<string, string> = { 'DNS Read': GROUP.dnsRead, 'DNS Write': GROUP.dnsWrite, 'Zone Read': GROUP.zoneRead };
    const tokenWith = async (group: string): Promise<CloudflareClient> => {
      const res = await admin.request<{ value: string }>('POST', '/user/tokens', {
        body: {
          name: `dnssec-${group}`,
          policies: [
            {
              effect: 'allow',
              permission_groups: [{ id: groupIds[group] }],
              resources: { [`com.cloudflare.api.account.zone.${zoneId}`]: '*' },
            },
          ],
        },
      });
      return clientFor(emu!, res.result.value);
    };
    for (const group of DNSSEC_PERMISSION_GROUPS.read)
      expect((await readDnssec(await tokenWith(group), zoneId, ZONE)).status).toBe('disabled');
    await expect(readDnssec(await tokenWith('Zone Read'), zoneId, ZONE)).rejects.toBeInstanceOf(CloudflareApiError);
    const reader = await tokenWith('DNS Read');
    await expect(patchDnssec(reader, zoneId, ZONE, { status: 'active' })).rejects.toMatchObject({ status: 403 });
    expect(DNSSEC_PERMISSION_GROUPS.write).toEqual(['DNS Write']);
    expect((await patchDnssec(await tokenWith('DNS Write'), zoneId, ZONE, { status: 'active' })).status).toBe('pending');
  });
});
