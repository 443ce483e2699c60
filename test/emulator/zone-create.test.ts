/** POST /zones on the emulator: the service's rules for a new zone. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';

const TOKEN = 'create-token-0123456789abcdef0123456789';
const OTHER = 'other-token-0123456789abcdef01234567890';

interface Envelope {
  success: boolean;
  errors: Array<{ code: number; message: string }>;
  result: Record<string, unknown> & { id: string; name: string; status: string; name_servers: string[]; account: { id: string } };
}

describe('emulator: creating a zone (POST /zones)', () => {
  let emu: RunningEmulator;
  const post = async (body: unknown, token = TOKEN): Promise<{ status: number; body: Envelope }> => {
    const res = await fetch(`${emu.baseUrl}/zones`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Envelope };
  };
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, zones: ['example.com'], token: TOKEN, accounts: [{ token: OTHER, zones: [] }] });
  });
  afterAll(async () => {
    await emu.close();
  });

  it('creates a pending full zone with two assigned nameservers, readable and writable at once', async () => {
    const r = await post({ name: 'New-Zone.example.', account: { id: emu.accountId }, type: 'full' });
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({
      name: 'new-zone.example',
      status: 'pending',
      type: 'full',
      activated_on: null,
      account: { id: emu.accountId },
    });
    expect(r.body.result.name_servers).toHaveLength(2);
    expect(r.body.result.name_servers.every((ns) => ns.endsWith('.ns.cloudflare.com'))).toBe(true);
    const listed = await fetch(`${emu.baseUrl}/zones?name=new-zone.example`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(((await listed.json()) as { result: Array<{ id: string }> }).result.map((z) => z.id)).toEqual([r.body.result.id]);
    const record = await fetch(`${emu.baseUrl}/zones/${r.body.result.id}/dns_records`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'www.new-zone.example', type: 'A', content: '192.0.2.1', ttl: 1 }),
    });
    expect(record.status).toBe(200);
  });

  it('one zone per name per account: 400 with code 1061 "<name> already exists"', async () => {
    const r = await post({ name: 'example.com', account: { id: emu.accountId } });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([{ code: 1061, message: 'example.com already exists' }]);
  });

  it('refuses names that are not domains, a missing account, another type', async () => {
    for (const name of ['localhost', 'bad_label.example', '-x.example', 'a..example', 'example.123']) {
      const r = await post({ name, account: { id: emu.accountId } });
      expect(r.status, name).toBe(400);
      expect(r.body.success).toBe(false);
    }
    expect((await post({ name: 'ok.example' })).status).toBe(400);
    expect((await post({ name: 'ok.example', account: { id: emu.accountId }, type: 'partial' })).status).toBe(400);
  });

  it('creates internal zones beside a public zone of the same name, several of one name, no nameservers, on any TLD', async () => {
    const get = async (query: string): Promise<Array<{ id: string; type: string }>> => {
      const res = await fetch(`${emu.baseUrl}/zones?${query}`, { headers: { authorization: `Bearer ${TOKEN}` } });
      return ((await res.json()) as { result: Array<{ id: string; type: string }> }).result;
    };
    const a = await post({ name: 'example.com', account: { id: emu.accountId }, type: 'internal' });
    expect(a.status).toBe(200);
    expect(a.body.result).toMatchObject({ name: 'example.com', type: 'internal', name_servers: [], plan: { legacy_id: 'enterprise' } });
    const b = await post({ name: 'example.com', account: { id: emu.accountId }, type: 'internal' });
    expect(b.status).toBe(200);
    expect(b.body.result.id).not.toBe(a.body.result.id);
    const listed = await get('name=example.com');
    expect(listed.map((z) => z.type).sort()).toEqual(['full', 'internal', 'internal']);
    expect(
      listed
        .filter((z) => z.type === 'internal')
        .map((z) => z.id)
        .sort(),
    ).toEqual([a.body.result.id, b.body.result.id].sort());
    // The public zone stays one of its name.
    expect((await post({ name: 'example.com', account: { id: emu.accountId }, type: 'full' })).body.errors[0]?.code).toBe(1061);
    const local = await post({ name: 'corp', account: { id: emu.accountId }, type: 'internal' });
    expect(local.status).toBe(200);
    expect((await post({ name: 'bad_label.corp', account: { id: emu.accountId }, type: 'internal' })).status).toBe(400);
  });

  it('a token of another account cannot create zones in this one', async () => {
    const r = await post({ name: 'intruder.example', account: { id: emu.accountId } }, OTHER);
    expect(r.status).toBe(403);
    const own = await post({ name: 'intruder.example', account: { id: emu.accounts[0].accountId } }, OTHER);
    expect(own.status).toBe(200);
  });
});
