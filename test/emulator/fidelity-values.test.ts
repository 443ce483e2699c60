/**
 * Values as the service stores them, over real HTTP (src/emulator/README.md, "Storage forms"):
 * TXT as written (quotes, `\DDD` escapes, long strings split), printable ASCII only, HTTPS and
 * SVCB rendering, per-record settings on every write path, TTL 30 on Enterprise zones.
 */
import { describe, expect, it } from 'vitest';
import { recordsPath, startTestEmulator, type TestEmulator } from './helpers.js';

interface Answer {
  status: number;
  code?: number;
  message?: string;
  result?: Record<string, unknown>;
}

async function send(emu: TestEmulator, method: string, path: string, body: unknown): Promise<Answer> {
  const res = await emu.call(method, path, body);
  return {
    status: res.status,
    code: res.body.errors?.[0]?.code,
    message: res.body.errors?.[0]?.message,
    result: res.body.result ?? undefined,
  };
}

const post = (emu: TestEmulator, body: Record<string, unknown>): Promise<Answer> => send(emu, 'POST', recordsPath(emu), body);

describe('TXT', () => {
  it('keeps content as written: unquoted stays unquoted, quoted stays quoted, \\DDD escapes kept', async () => {
    const emu = await startTestEmulator();
    expect((await post(emu, { type: 'TXT', name: 'a', content: 'v=spf1 -all' })).result?.content).toBe('v=spf1 -all');
    expect((await post(emu, { type: 'TXT', name: 'b', content: '"v=spf1" "-all"' })).result?.content).toBe('"v=spf1" "-all"');
    const escaped = await post(emu, { type: 'TXT', name: 'c', content: '"caf\\195\\169 \\"q\\""' });
    expect([escaped.status, escaped.result?.content]).toEqual([200, '"caf\\195\\169 \\"q\\""']);
  });

  it('splits a quoted string longer than 255 bytes into 255-byte strings, never cutting an escape', async () => {
    const emu = await startTestEmulator();
    const long = await post(emu, { type: 'TXT', name: 'long', content: `"${'a'.repeat(300)}"` });
    expect(long.result?.content).toBe(`"${'a'.repeat(255)}" "${'a'.repeat(45)}"`);
    const esc = await post(emu, { type: 'TXT', name: 'esc', content: `"${'b'.repeat(254)}\\065\\066"` });
    expect(esc.result?.content).toBe(`"${'b'.repeat(254)}\\065" "\\066"`);
  });

  it('refuses content that is not printable ASCII with 9051, naming the escape form', async () => {
    const emu = await startTestEmulator();
    for (const content of ['café', 'a\nb', '"tab\there"']) {
      const res = await post(emu, { type: 'TXT', name: 'x', content });
      expect([content, res.status, res.code]).toEqual([content, 400, 9051]);
      expect(res.message).toMatch(/printable ASCII.*\\DDD/);
    }
  });

  it('a quoted and an unquoted TXT with the same text are the same record (81058)', async () => {
    const emu = await startTestEmulator();
    expect((await post(emu, { type: 'TXT', name: 'dup', content: 'hello' })).status).toBe(200);
    expect((await post(emu, { type: 'TXT', name: 'dup', content: '"hello"' })).code).toBe(81058);
  });
});

describe('HTTPS and SVCB', () => {
  it('render the target with its trailing dot; store SvcParams with single spaces', async () => {
    const emu = await startTestEmulator();
    const https = await post(emu, {
      type: 'HTTPS',
      name: 'svc',
      data: { priority: 1, target: 'SVC.Example.NET.', value: '  alpn="h3,h2"   ipv4hint="192.0.2.1" ' },
    });
    expect(https.result?.data).toEqual({ priority: 1, target: 'svc.example.net', value: 'alpn="h3,h2" ipv4hint="192.0.2.1"' });
    expect(https.result?.content).toBe('1 svc.example.net. alpn="h3,h2" ipv4hint="192.0.2.1"');
    const root = await post(emu, { type: 'SVCB', name: 'root', data: { priority: 0, target: '.' } });
    expect([root.result?.content, root.result?.data]).toEqual(['0 .', { priority: 0, target: '.', value: '' }]);
    const spaced = await post(emu, { type: 'HTTPS', name: 'quoted', data: { priority: 1, target: '.', value: 'alpn="a  b"' } });
    expect((spaced.result!.data as Record<string, unknown>).value).toBe('alpn="a  b"');
  });
});

describe('per-record settings', () => {
  it('are stored, returned and written by POST, PATCH (key by key), PUT and batch', async () => {
    const emu = await startTestEmulator({ zonePlan: 'pro' });
    const created = await post(emu, { type: 'CNAME', name: 'c', content: 'target.example.net', settings: { flatten_cname: true } });
    expect(created.result?.settings).toEqual({ flatten_cname: true });
    const id = created.result?.id as string;
    const patched = await send(emu, 'PATCH', recordsPath(emu, `/${id}`), { settings: { ipv6_only: true } });
    expect(patched.result?.settings).toEqual({ flatten_cname: true, ipv6_only: true });
    const put = await send(emu, 'PUT', recordsPath(emu, `/${id}`), {
      type: 'CNAME',
      name: 'c',
      content: 'target.example.net',
      settings: { ipv4_only: true },
    });
    expect(put.result?.settings).toEqual({ ipv4_only: true });
    const read = await emu.call('GET', recordsPath(emu, `/${id}`));
    expect(read.body.result.settings).toEqual({ ipv4_only: true });
    const batch = await emu.call('POST', recordsPath(emu, '/batch'), {
      patches: [{ id, settings: { flatten_cname: false } }],
      posts: [{ type: 'A', name: 'a', content: '192.0.2.1', settings: { ipv4_only: true } }],
    });
    expect(batch.body.result.patches[0].settings).toEqual({ ipv4_only: true, flatten_cname: false });
    expect(batch.body.result.posts[0].settings).toEqual({ ipv4_only: true });
    expect((await post(emu, { type: 'A', name: 'none', content: '192.0.2.2' })).result?.settings).toEqual({});
  });

  it('flatten_cname on a proxied record is dropped silently (DNSControl PR #4026)', async () => {
    const emu = await startTestEmulator({ zonePlan: 'pro' });
    await post(emu, { type: 'A', name: 'origin', content: '192.0.2.1' });
    const proxied = await post(emu, {
      type: 'CNAME',
      name: 'p',
      content: 'origin.example.com',
      proxied: true,
      settings: { flatten_cname: true, ipv4_only: true },
    });
    expect([proxied.status, proxied.result?.settings]).toEqual([200, { ipv4_only: true }]);
    const dnsOnly = await post(emu, { type: 'CNAME', name: 'd', content: 'origin.example.com', settings: { flatten_cname: true } });
    const toProxied = await send(emu, 'PATCH', recordsPath(emu, `/${dnsOnly.result?.id as string}`), { proxied: true });
    expect(toProxied.result?.settings).toEqual({});
  });

  it('are refused when unknown, not boolean, flatten_cname on another type, or flatten_cname on a Free zone', async () => {
    const free = await startTestEmulator();
    expect((await post(free, { type: 'CNAME', name: 'f', content: 't.example.net', settings: { flatten_cname: true } })).code).toBe(9116);
    const emu = await startTestEmulator({ zonePlan: 'business' });
    expect((await post(emu, { type: 'CNAME', name: 'u', content: 't.example.net', settings: { flatten: true } })).code).toBe(9116);
    expect((await post(emu, { type: 'CNAME', name: 'b', content: 't.example.net', settings: { ipv4_only: 'yes' } })).code).toBe(9116);
    expect((await post(emu, { type: 'A', name: 'a', content: '192.0.2.1', settings: { flatten_cname: true } })).code).toBe(9116);
  });
});

describe('TTL 30..59', () => {
  it('valid for DNS-only records on Enterprise zones; proxied records keep TTL 1', async () => {
    const emu = await startTestEmulator({ zonePlan: 'enterprise' });
    expect((await post(emu, { type: 'A', name: 'a', content: '192.0.2.1', ttl: 30 })).result?.ttl).toBe(30);
    expect((await post(emu, { type: 'A', name: 'p', content: '192.0.2.1', ttl: 30, proxied: true })).result?.ttl).toBe(1);
    expect((await post(emu, { type: 'A', name: 'low', content: '192.0.2.1', ttl: 29 })).code).toBe(9021);
  });

  it.each(['free', 'pro', 'business'] as const)('refused with 9021 on %s zones, saying it needs Enterprise', async (zonePlan) => {
    const emu = await startTestEmulator({ zonePlan });
    const res = await post(emu, { type: 'A', name: 'a', content: '192.0.2.1', ttl: 30 });
    expect([res.status, res.code]).toEqual([400, 9021]);
    expect(res.message).toMatch(/Enterprise/);
  });
});

describe('MX and URI priority', () => {
  it('answers it at the top level only; priority inside data is not read (9100)', async () => {
    const emu = await startTestEmulator();
    const mx = await post(emu, { type: 'MX', name: '@', content: 'mx.example.net', priority: 10 });
    expect([mx.result?.priority, mx.result?.data]).toEqual([10, undefined]);
    const uri = await post(emu, { type: 'URI', name: '_ftp._tcp', priority: 5, data: { weight: 1, target: 'ftp://ftp.example.com/' } });
    expect([uri.result?.priority, uri.result?.data]).toEqual([5, { weight: 1, target: 'ftp://ftp.example.com/' }]);
    const inData = await post(emu, { type: 'MX', name: 'm', content: 'mx.example.net', data: { priority: 10 } });
    expect([inData.status, inData.code]).toEqual([400, 9100]);
  });

  it('with --priority-in-data: answered and written inside data, no top-level field', async () => {
    const emu = await startTestEmulator({ priorityInData: true });
    const mx = await post(emu, { type: 'MX', name: '@', content: 'mx.example.net', data: { priority: 10 } });
    expect(mx.status).toBe(200);
    expect(mx.result).not.toHaveProperty('priority');
    expect(mx.result?.data).toEqual({ priority: 10 });
    const patched = await send(emu, 'PATCH', recordsPath(emu, `/${mx.result?.id as string}`), { data: { priority: 20 } });
    expect(patched.result?.data).toEqual({ priority: 20 });
    const uri = await post(emu, { type: 'URI', name: '_ftp._tcp', priority: 5, data: { weight: 1, target: 'ftp://ftp.example.com/' } });
    expect(uri.result?.data).toEqual({ priority: 5, weight: 1, target: 'ftp://ftp.example.com/' });
    const listed = await emu.call('GET', recordsPath(emu, '?type=MX'));
    expect(listed.body.result[0]).toMatchObject({ data: { priority: 20 } });
  });
});

describe('size limits of the record-types reference', () => {
  it('a TXT record over 4,096 bytes on the wire is refused (9117); 4,096 is accepted', async () => {
    const emu = await startTestEmulator();
    // 16 strings of 255 bytes: 16 * 256 = 4,096 bytes on the wire.
    const atLimit = Array.from({ length: 16 }, () => `"${'a'.repeat(255)}"`).join(' ');
    expect((await post(emu, { type: 'TXT', name: 'max', content: atLimit })).status).toBe(200);
    const over = await post(emu, { type: 'TXT', name: 'over', content: `${atLimit} "b"` });
    expect([over.status, over.code]).toEqual([400, 9117]);
    // Unquoted content counts as 255-byte strings: 4,080 bytes are 16 strings, 4,096 on the wire.
    expect((await post(emu, { type: 'TXT', name: 'unq', content: 'c'.repeat(4080) })).status).toBe(200);
    expect((await post(emu, { type: 'TXT', name: 'unq2', content: 'c'.repeat(4081) })).code).toBe(9117);
  });

  it('records of one name and type may hold 8,192 characters of content together (9118)', async () => {
    const emu = await startTestEmulator();
    const big = 'd'.repeat(4000);
    expect((await post(emu, { type: 'TXT', name: 'set', content: `${big}1` })).status).toBe(200);
    expect((await post(emu, { type: 'TXT', name: 'set', content: `${big}2` })).status).toBe(200);
    const third = await post(emu, { type: 'TXT', name: 'set', content: `${'e'.repeat(200)}` });
    expect([third.status, third.code]).toEqual([400, 9118]);
    // Another type at the same name has its own allowance.
    expect((await post(emu, { type: 'MX', name: 'set', content: 'mx.example.net', priority: 1 })).status).toBe(200);
  });
});
