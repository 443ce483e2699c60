import { MockAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { CloudflareClient } from '../../src/api/client.js';
import { executeOperations } from '../../src/api/execute.js';
import { aRecord, createOp } from './helpers.js';

const ORIGIN = 'https://api.example.test';
const R1 = '0000000000000000000000000000a001'; // record ids: 32 hex, as the API gives them
const R2 = '0000000000000000000000000000a002';
const ok = (result: unknown, extra: Record<string, unknown> = {}) => ({ success: true, errors: [], messages: [], result, ...extra });
let agent: MockAgent | undefined;
afterEach(async () => {
  await agent?.close();
  agent = undefined;
});

describe('executeOperations: a batch whose outcome is partly visible', () => {
  it('fails with a clear "partially unknown" error and applies nothing else', async () => {
    agent = new MockAgent();
    agent.disableNetConnect();
    const pool = agent.get(ORIGIN);
    const client = new CloudflareClient({
      baseUrl: `${ORIGIN}/client/v4`,
      credentials: { kind: 'token', token: 'secret-token-xyz' },
      dispatcher: agent,
      limiter: null,
    });
    const ops = [
      createOp('z1', 20, aRecord('a.example.com', '192.0.2.1')),
      createOp('z1', 20, aRecord('b.example.com', '192.0.2.2')),
      createOp('z1', 30, aRecord('c.example.com', '192.0.2.3')),
    ];
    pool
      .intercept({ path: '/client/v4/zones/z1/dns_records/batch', method: 'POST' })
      .replyWithError(Object.assign(new Error('socket closed'), { code: 'UND_ERR_SOCKET' }));
    pool.intercept({ path: '/client/v4/zones/z1', method: 'GET' }).reply(200, ok({ id: 'z1', name: 'example.com' }));
    pool.intercept({ path: (p) => p.startsWith('/client/v4/zones/z1/dns_records?'), method: 'GET' }).reply(
      200,
      ok([{ id: R1, name: 'a.example.com', type: 'A', content: '192.0.2.1', ttl: 1, proxied: false }], {
        result_info: { page: 1, total_pages: 1 },
      }),
    );
    const res = await executeOperations(client, ops, { batch: true, batchLimit: 200, concurrency: 1 });
    expect(res.ok).toBe(false);
    expect(res.error?.message).toMatch(/batch of 3 operations \(outcome unknown\): .*partially unknown: 1 are visible and 2 are not/);
    expect(res.applied).toEqual([]);
    expect(res.failed).toEqual([0, 1, 2]);
    expect(res.error?.message).not.toContain('secret-token-xyz');
  });

  it('a batch fully visible after a lost answer counts as applied, with the new ids', async () => {
    agent = new MockAgent();
    agent.disableNetConnect();
    const pool = agent.get(ORIGIN);
    const client = new CloudflareClient({
      baseUrl: `${ORIGIN}/client/v4`,
      credentials: { kind: 'token', token: 't' },
      dispatcher: agent,
      limiter: null,
    });
    const ops = [createOp('z1', 20, aRecord('a.example.com', '192.0.2.1')), createOp('z1', 20, aRecord('b.example.com', '192.0.2.2'))];
    pool.intercept({ path: '/client/v4/zones/z1/dns_records/batch', method: 'POST' }).reply(502, 'Bad gateway');
    pool.intercept({ path: (p) => p.startsWith('/client/v4/zones/z1/dns_records?'), method: 'GET' }).reply(
      200,
      ok(
        [
          { id: R2, name: 'b.example.com', type: 'A', content: '192.0.2.2', ttl: 1, proxied: false },
          { id: R1, name: 'a.example.com', type: 'A', content: '192.0.2.1', ttl: 1, proxied: false },
        ],
        { result_info: { page: 1, total_pages: 1 } },
      ),
    );
    const res = await executeOperations(client, ops, { batch: true, batchLimit: 200, concurrency: 1, zoneNames: { z1: 'example.com' } });
    expect(res.error).toBeUndefined();
    expect(res.applied).toEqual([0, 1]);
    expect(res.createdIds).toEqual({ 0: R1, 1: R2 });
    expect(res.calls).toBe(1);
  });
});
