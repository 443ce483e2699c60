/** The apply lock against the real emulator over loopback: the service arbitrates who holds it. */
import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { CloudflareClient } from '../../../src/api/index.js';
import {
  acquireZoneLock,
  currentLockIdentity,
  forceUnlock,
  machineProof,
  ZoneLockBusyError,
  ZoneLockConflictError,
  type LockIdentity,
} from '../../../src/app/apply/zone-lock.js';
import { decodeLockTarget, encodeLockTarget, isZonectlRecordName, lockRecordName } from '../../../src/core/lock/lock-record.js';
import { startEmulator, type RunningEmulator } from '../../../src/emulator/server.js';
import { waitUntil } from '../../support/wait-until.js';

const TOKEN = 'lock-test-token-5d1c2b9a0e8f';
let emulator: RunningEmulator | undefined;
let client: CloudflareClient | undefined;

afterEach(async () => {
  await client?.close();
  await emulator?.close();
  client = undefined;
  emulator = undefined;
});

async function start(): Promise<{ client: CloudflareClient; zoneId: string }> {
  emulator = await startEmulator({ port: 0, zones: ['example.com'], token: TOKEN });
  client = new CloudflareClient({ baseUrl: emulator.baseUrl, credentials: { kind: 'token', token: TOKEN }, limiter: null });
  return { client, zoneId: emulator.zones[0].id };
}

interface Row {
  id: string;
  name: string;
  type: string;
  content: string;
}
async function lockRows(c: CloudflareClient, zoneId: string): Promise<Row[]> {
  const res = await c.request<Row[]>('GET', `/zones/${zoneId}/dns_records`, { query: { per_page: 100 } });
  return res.result;
}

const other: LockIdentity = { host: 'ci-runner-7', pid: 4242, runId: 'run-1' };

describe('lock record codec', () => {
  it('round-trips the owner through a CNAME target', () => {
    const owner = { host: 'ci-runner-7', pid: 4242, runId: 'abc123', expiresAt: 1_900_000_000 };
    const target = encodeLockTarget(owner);
    expect(target).toBe('exp-1900000000.pid-4242.run-abc123.host-ci-runner-7.zonectl-lock.invalid');
    expect(decodeLockTarget(target)).toEqual(owner);
    expect(decodeLockTarget(`${target.toUpperCase()}.`)).toEqual(owner);
    expect(decodeLockTarget('www.example.com')).toBeUndefined();
  });

  it('reduces host names and run ids to DNS labels', () => {
    const target = encodeLockTarget({ host: 'My_Host.local', pid: 1, runId: 'Run #12', expiresAt: 1 });
    expect(target).toBe('exp-1.pid-1.run-run-12.host-my-host-local.zonectl-lock.invalid');
  });

  it('knows the names zonectl keeps for itself', () => {
    expect(lockRecordName('Example.com.')).toBe('_zonectl-lock.example.com');
    expect(isZonectlRecordName('_zonectl-lock.example.com', 'example.com')).toBe(true);
    expect(isZonectlRecordName('_zonectl-lock.example.com.', 'example.com')).toBe(true);
    expect(isZonectlRecordName('_zonectlx.example.com', 'example.com')).toBe(true);
    expect(isZonectlRecordName('www._zonectl-lock.example.com', 'example.com')).toBe(false);
    expect(isZonectlRecordName('_zonectl-lock.example.org', 'example.com')).toBe(false);
    expect(isZonectlRecordName('example.com', 'example.com')).toBe(false);
  });
});

describe('apply lock', () => {
  it('is one CNAME carrying the owner, and a second run is refused while it is held', async () => {
    const { client: c, zoneId } = await start();
    const first = await acquireZoneLock(c, { zone: 'example.com', zoneId, identity: other });
    const rows = await lockRows(c, zoneId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: '_zonectl-lock.example.com', type: 'CNAME' });
    expect(decodeLockTarget(rows[0].content)).toMatchObject({ host: 'ci-runner-7', pid: 4242, runId: 'run-1' });

    const notices: string[] = [];
    const second = acquireZoneLock(c, {
      zone: 'example.com',
      zoneId,
      identity: { host: 'ci-runner-8', pid: 7, runId: 'run-2' },
      waitMs: 300,
      pollMs: 50,
      onWait: (m) => notices.push(m),
    });
    await expect(second).rejects.toBeInstanceOf(ZoneLockBusyError);
    await expect(second).rejects.toThrow(/held by host ci-runner-7, pid 4242, run run-1, \d+ s old/);
    expect(notices[0]).toMatch(/waiting for the apply lock of example.com: held by host ci-runner-7/);
    expect(await lockRows(c, zoneId)).toHaveLength(1);

    await first.release();
    expect(await lockRows(c, zoneId)).toEqual([]);
  });

  it('a waiting run takes the lock when the holder releases it', async () => {
    const { client: c, zoneId } = await start();
    const first = await acquireZoneLock(c, { zone: 'example.com', zoneId, identity: other });
    let polls = 0;
    const second = acquireZoneLock(c, {
      zone: 'example.com',
      zoneId,
      identity: { host: 'ci-runner-8', pid: 7, runId: 'run-2' },
      waitMs: 60_000,
      sleep: async () => {
        polls += 1;
        if (polls === 2) await first.release();
      },
    });
    const held = await second;
    expect(polls).toBe(2);
    expect(held.owner).toMatchObject({ host: 'ci-runner-8', runId: 'run-2' });
    const rows = await lockRows(c, zoneId);
    expect(rows.map((r) => decodeLockTarget(r.content)?.host)).toEqual(['ci-runner-8']);
    await held.release();
  });

  it('takes over at once from a dead process on the same host (a SIGKILLed run does not block the next)', async () => {
    const { client: c, zoneId } = await start();
    const me = currentLockIdentity({});
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    expect(gone).toBeGreaterThan(0);
    const dead = await acquireZoneLock(c, { zone: 'example.com', zoneId, identity: { ...me, pid: gone as number, runId: 'killed' } });
    dead.forget(); // the killed run never releases

    const notices: string[] = [];
    const held = await acquireZoneLock(c, { zone: 'example.com', zoneId, identity: me, waitMs: 0, onWait: (m) => notices.push(m) });
    expect(notices).toEqual([expect.stringMatching(new RegExp(`taking over .*its process ${gone} on this host is gone`))]);
    const rows = await lockRows(c, zoneId);
    expect(rows).toHaveLength(1);
    expect(decodeLockTarget(rows[0].content)?.pid).toBe(me.pid);
    await held.release();
  });

  it('records the machine proof and round-trips it', () => {
    const owner = { host: 'h', pid: 1, runId: 'r', expiresAt: 1, machine: '0123456789abcdef01234567' };
    const target = encodeLockTarget(owner);
    expect(target).toBe('exp-1.pid-1.run-r.host-h.box-0123456789abcdef01234567.zonectl-lock.invalid');
    expect(decodeLockTarget(target)).toEqual(owner);
    expect(currentLockIdentity({}).machine).toBe(machineProof());
    expect(machineProof()).toMatch(/^[0-9a-f]{24}$/); // the tests run on Linux
  });

  it('does not take over early from a dead pid of another boot or pid namespace sharing the host name', async () => {
    const { client: c, zoneId } = await start();
    const me = currentLockIdentity({});
    const gone = spawnSync(process.execPath, ['-e', '0']).pid as number;
    for (const machine of ['ffffffffffffffffffffffff', undefined]) {
      // Another container with the same host name: its pid is not ours to judge.
      const elsewhere = await acquireZoneLock(c, {
        zone: 'example.com',
        zoneId,
        identity: { host: me.host, pid: gone, runId: 'twin', machine },
      });
      elsewhere.forget();
      await expect(acquireZoneLock(c, { zone: 'example.com', zoneId, identity: me, waitMs: 0 })).rejects.toBeInstanceOf(ZoneLockBusyError);
      const rows = await lockRows(c, zoneId);
      expect(rows.map((r) => decodeLockTarget(r.content)?.runId)).toEqual(['twin']);
      expect(decodeLockTarget(rows[0].content)?.machine).toBe(machine);
      await forceUnlock(c, 'example.com', zoneId);
    }
  });

  it('fails at once, naming the record, when a non-CNAME record sits at the lock name', async () => {
    const { client: c, zoneId } = await start();
    const squat = await c.request<{ id: string }>('POST', `/zones/${zoneId}/dns_records`, {
      // An A record: the service refuses a CNAME beside it (a TXT would not stop the lock).
      body: { type: 'A', name: '_zonectl-lock.example.com', content: '192.0.2.53', ttl: 60 },
    });
    let requests = 0;
    const real = c.request.bind(c);
    c.request = ((...args: Parameters<typeof real>) => {
      requests += 1;
      return real(...args);
    }) as typeof c.request;
    let sleeps = 0;
    const attempt = acquireZoneLock(c, {
      zone: 'example.com',
      zoneId,
      waitMs: 60_000,
      sleep: async () => {
        sleeps += 1;
      },
    });
    await expect(attempt).rejects.toBeInstanceOf(ZoneLockConflictError);
    await expect(attempt).rejects.toThrow(new RegExp(`_zonectl-lock.example.com holds a record of type A \\(id ${squat.result.id}\\)`));
    expect(sleeps).toBe(0);
    expect(requests).toBeLessThanOrEqual(3); // create (refused), read the lock CNAME, read the name
    c.request = real;
    expect((await lockRows(c, zoneId)).map((r) => r.type)).toEqual(['A']);
  });

  it('a live process on the same host keeps its lock; an expired lease is taken over', async () => {
    const { client: c, zoneId } = await start();
    const me = currentLockIdentity({});
    const sibling = await acquireZoneLock(c, {
      zone: 'example.com',
      zoneId,
      identity: { ...me, pid: process.ppid, runId: 'sibling' },
      leaseSeconds: 600,
    });
    await expect(acquireZoneLock(c, { zone: 'example.com', zoneId, identity: me, waitMs: 0 })).rejects.toBeInstanceOf(ZoneLockBusyError);
    sibling.forget();

    // Pretend ten minutes passed: the sibling's lease (600 s) has run out.
    const later = Date.now() + 601_000;
    const held = await acquireZoneLock(c, { zone: 'example.com', zoneId, identity: me, waitMs: 0, now: () => later });
    expect(decodeLockTarget((await lockRows(c, zoneId))[0].content)?.runId).toBe(me.runId);
    await held.release();
  });

  it('renews the lease while the run lives and notices a lock taken over', async () => {
    const { client: c, zoneId } = await start();
    const lost: string[] = [];
    let clock = Date.now();
    const held = await acquireZoneLock(c, {
      zone: 'example.com',
      zoneId,
      identity: other,
      leaseSeconds: 120,
      renewEveryMs: 20,
      now: () => clock,
      onLost: (m) => lost.push(m),
    });
    const firstExpiry = held.owner.expiresAt;
    clock += 60_000;
    await waitUntil(() => held.owner.expiresAt !== firstExpiry); // renewed (every 20 ms) at the new clock
    expect(held.owner.expiresAt).toBe(firstExpiry + 60);
    expect(decodeLockTarget((await lockRows(c, zoneId))[0].content)?.expiresAt).toBeGreaterThanOrEqual(firstExpiry + 60);

    expect(await forceUnlock(c, 'example.com', zoneId)).toBe('host ci-runner-7, pid 4242, run run-1');
    await waitUntil(() => held.lost); // noticed at the next renewal
    expect(lost).toEqual(['zonectl: the apply lock of example.com (_zonectl-lock.example.com) was taken over by another run']);
    await held.release(); // already gone: not an error
    expect(await forceUnlock(c, 'example.com', zoneId)).toBeUndefined();
  });
});
