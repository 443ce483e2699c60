import { join } from 'node:path';
import Cloudflare from 'cloudflare';
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/server.js';
import { startTestEmulator, type TestEmulator } from './helpers.js';
import { GROUP } from './identity/helpers.js';
import { tempDir } from '../support/temp-dir.js';

const path = (emu: TestEmulator): string => `/zones/${emu.zoneId}/dnssec`;

/** The "deleted" state of https://developers.cloudflare.com/dns/dnssec/dnssec-states/ (key fields null: the emulator's choice). */
const DELETED = {
  algorithm: null,
  digest: null,
  digest_algorithm: null,
  digest_type: null,
  dnssec_multi_signer: false,
  dnssec_presigned: false,
  dnssec_use_nsec3: false,
  ds: null,
  flags: null,
  key_tag: null,
  key_type: null,
  modified_on: null,
  public_key: null,
  status: 'disabled',
};

async function status(emu: TestEmulator): Promise<string> {
  return (await emu.call('GET', path(emu))).body.result.status;
}

describe('GET/PATCH/DELETE /zones/{zone_id}/dnssec', () => {
  it('answers the deleted state before DNSSEC was ever enabled', async () => {
    const emu = await startTestEmulator();
    const r = await emu.call('GET', path(emu));
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ result: DELETED, success: true, errors: [], messages: [] });
  });

  it('enabling answers pending with the key and its DS in the API reference forms', async () => {
    const emu = await startTestEmulator({ now: () => new Date('2026-03-04T05:06:07.890Z') });
    const r = await emu.call('PATCH', path(emu), { status: 'active' });
    expect(r.status).toBe(200);
    const d = r.body.result;
    expect(d).toMatchObject({
      algorithm: '13',
      digest_algorithm: 'SHA256',
      digest_type: '2',
      flags: 257,
      key_type: 'ECDSAP256SHA256',
      modified_on: '2026-03-04T05:06:07Z',
      status: 'pending',
      dnssec_multi_signer: false,
      dnssec_presigned: false,
      dnssec_use_nsec3: false,
    });
    expect(d.digest).toMatch(/^[0-9A-F]{64}$/);
    expect(Buffer.from(d.public_key, 'base64')).toHaveLength(64);
    expect(d.ds).toBe(`example.com. 3600 IN DS ${d.key_tag} 13 2 ${d.digest}`);
    expect(Number.isInteger(d.key_tag) && d.key_tag >= 0 && d.key_tag <= 65535).toBe(true);
    // The same key on every read, and through the control.
    expect((await emu.call('GET', path(emu))).body.result).toEqual(d);
    expect(emu.dnssec.ds('example.com')).toMatchObject({ ds: d.ds, keyTag: d.key_tag, digest: d.digest, publicKey: d.public_key });
  });

  it('moves through pending, active, pending-disabled, disabled and deleted; DELETE only from disabled', async () => {
    const emu = await startTestEmulator();
    const first = (await emu.call('PATCH', path(emu), { status: 'active' })).body.result;
    expect(first.status).toBe('pending');
    await emu.dnssec.setParentDs('example.com', true);
    expect(await status(emu)).toBe('active');
    expect((await emu.call('PATCH', path(emu), { status: 'disabled' })).body.result.status).toBe('pending-disabled');

    const refused = await emu.call('DELETE', path(emu));
    expect(refused.status).toBe(400);
    expect(refused.body.success).toBe(false);
    expect(refused.body.errors[0].message).toContain('pending-disabled');
    expect(await status(emu)).toBe('pending-disabled');

    await emu.dnssec.setParentDs(emu.zoneId, false);
    expect(await status(emu)).toBe('disabled');
    const disabled = (await emu.call('GET', path(emu))).body.result;
    expect(disabled.ds).toBe(first.ds); // the key stays while disabled (the zone is still signed)
    expect(disabled.modified_on).not.toBeNull();

    const deleted = await emu.call('DELETE', path(emu));
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ result: '', success: true, errors: [], messages: [] });
    expect((await emu.call('GET', path(emu))).body.result).toEqual(DELETED);

    // Enabled again: a new key, so a new DS.
    const again = (await emu.call('PATCH', path(emu), { status: 'active' })).body.result;
    expect(again.status).toBe('pending');
    expect(again.ds).not.toBe(first.ds);
  });

  it('disabling while pending (no DS at the parent) is disabled at once; re-enabling while pending-disabled is active', async () => {
    const emu = await startTestEmulator();
    await emu.call('PATCH', path(emu), { status: 'active' });
    expect((await emu.call('PATCH', path(emu), { status: 'disabled' })).body.result.status).toBe('disabled');
    await emu.call('PATCH', path(emu), { status: 'active' });
    await emu.dnssec.setParentDs('example.com', true);
    await emu.call('PATCH', path(emu), { status: 'disabled' });
    expect((await emu.call('PATCH', path(emu), { status: 'active' })).body.result.status).toBe('active');
  });

  it('DELETE while active or pending is refused and changes nothing', async () => {
    const emu = await startTestEmulator();
    await emu.call('PATCH', path(emu), { status: 'active' });
    const r = await emu.call('DELETE', path(emu));
    expect(r.status).toBe(400);
    expect(r.body.errors[0].message).toMatch(/DNSSEC is pending: disable it/);
    expect(await status(emu)).toBe('pending');
  });

  it('PATCH sets the booleans with or without status; bad bodies are 400 1002 and change nothing', async () => {
    const emu = await startTestEmulator();
    await emu.call('PATCH', path(emu), { status: 'active' });
    const r = await emu.call('PATCH', path(emu), { dnssec_multi_signer: true, dnssec_use_nsec3: true });
    expect(r.body.result).toMatchObject({ status: 'pending', dnssec_multi_signer: true, dnssec_use_nsec3: true, dnssec_presigned: false });
    for (const body of [{ status: 'enabled' }, { status: 'pending' }, {}, { dnssec_presigned: 'yes' }, [1], '"x"']) {
      const bad = await emu.call('PATCH', path(emu), body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.errors[0].code).toBe(1002);
    }
    expect((await emu.call('PATCH', path(emu), { status: 'x' })).body.errors[0].message).toBe('Invalid or missing "status"');
    expect((await emu.call('GET', path(emu))).body.result).toMatchObject({
      status: 'pending',
      dnssec_multi_signer: true,
      dnssec_presigned: false,
    });
  });

  it('the error control shows status error until cleared', async () => {
    const emu = await startTestEmulator();
    await emu.call('PATCH', path(emu), { status: 'active' });
    await emu.dnssec.setError('example.com', true);
    expect(await status(emu)).toBe('error');
    await emu.dnssec.setError('example.com', false);
    expect(await status(emu)).toBe('pending');
    await expect(startTestEmulator().then((e) => e.dnssec.setParentDs('example.com', true))).rejects.toThrow(/never enabled/);
  });

  it('--dnssec-auto-activate: the PATCH answers pending (pending-disabled), the registrar follows at once', async () => {
    const emu = await startTestEmulator({ dnssecAutoActivate: true });
    expect((await emu.call('PATCH', path(emu), { status: 'active' })).body.result.status).toBe('pending');
    expect(await status(emu)).toBe('active');
    expect((await emu.call('PATCH', path(emu), { status: 'disabled' })).body.result.status).toBe('pending-disabled');
    expect(await status(emu)).toBe('disabled');
    expect((await emu.call('DELETE', path(emu))).status).toBe(200);
  });

  it('an unknown zone is 404 7003', async () => {
    const emu = await startTestEmulator();
    for (const method of ['GET', 'PATCH', 'DELETE']) {
      const r = await emu.call(
        method,
        '/zones/0123456789abcdef0123456789abcdef/dnssec',
        method === 'PATCH' ? { status: 'active' } : undefined,
      );
      expect(r.status).toBe(404);
      expect(r.body.errors[0].code).toBe(7003);
    }
  });

  it('needs DNS Read to read and DNS Write to change, as the API reference says', async () => {
    const emu = await startTestEmulator();
    const token = async (group: string): Promise<string> => {
      const r = await emu.call('POST', '/user/tokens', {
        name: `t-${group}`,
        policies: [
          { effect: 'allow', permission_groups: [{ id: group }], resources: { [`com.cloudflare.api.account.zone.${emu.zoneId}`]: '*' } },
        ],
      });
      expect(r.status).toBe(200);
      return r.body.result.value;
    };
    const as = (t: string) => ({ authorization: `Bearer ${t}` });
    const read = await token(GROUP.dnsRead);
    const write = await token(GROUP.dnsWrite);
    const zoneRead = await token(GROUP.zoneRead);
    expect((await emu.call('GET', path(emu), undefined, as(read))).status).toBe(200);
    expect((await emu.call('PATCH', path(emu), { status: 'active' }, as(read))).status).toBe(403);
    expect((await emu.call('GET', path(emu), undefined, as(zoneRead))).status).toBe(403);
    expect((await emu.call('PATCH', path(emu), { status: 'active' }, as(write))).status).toBe(200);
    expect((await emu.call('PATCH', path(emu), { status: 'disabled' }, as(write))).status).toBe(200);
    expect((await emu.call('DELETE', path(emu), undefined, as(read))).status).toBe(403);
    expect((await emu.call('DELETE', path(emu), undefined, as(write))).status).toBe(200);
  });

  it('the official SDK (cloudflare 7.x) reads, edits and deletes it', async () => {
    const emu = await startTestEmulator();
    const cf = new Cloudflare({ apiToken: 'test-token-value', baseURL: emu.baseUrl, maxRetries: 0 });
    const edited = await cf.dns.dnssec.edit({ zone_id: emu.zoneId, status: 'active', dnssec_multi_signer: true });
    expect(edited.status).toBe('pending');
    expect(edited.dnssec_multi_signer).toBe(true);
    expect((await cf.dns.dnssec.get({ zone_id: emu.zoneId })).ds).toBe(edited.ds);
    await expect(cf.dns.dnssec.delete({ zone_id: emu.zoneId })).rejects.toThrow(/400/);
    await cf.dns.dnssec.edit({ zone_id: emu.zoneId, status: 'disabled' });
    expect(await cf.dns.dnssec.delete({ zone_id: emu.zoneId })).toBe('');
  });
});

describe('DNSSEC state with --state', () => {
  const dir = tempDir('dnssec-state');

  it('keeps the status, the key and so the DS across a restart', async () => {
    const statePath = join(dir, 'state.json');
    const a = await startEmulator({ zones: ['example.com'], token: 'state-token', statePath });
    const zone = a.zones[0].id;
    const h = { authorization: 'Bearer state-token', 'content-type': 'application/json' };
    const enabled = (await (
      await fetch(`${a.baseUrl}/zones/${zone}/dnssec`, { method: 'PATCH', headers: h, body: '{"status":"active"}' })
    ).json()) as { result: Record<string, unknown> };
    await a.dnssec.setParentDs('example.com', true);
    await a.close();
    const b = await startEmulator({ zones: ['example.com'], token: 'state-token', statePath });
    try {
      const read = (await (await fetch(`${b.baseUrl}/zones/${zone}/dnssec`, { headers: h })).json()) as { result: unknown };
      expect(read.result).toEqual({ ...enabled.result, status: 'active' });
    } finally {
      await b.close();
    }
  });
});
