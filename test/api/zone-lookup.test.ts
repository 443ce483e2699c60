/**
 * A zone lookup that comes back empty says why: the token refused (IP condition, time window,
 * status) or the zone truly missing. zonectl asks GET /user/tokens/verify.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CloudflareClient } from '../../src/api/client.js';
import { findZone, ZoneLookupError } from '../../src/api/live.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';

type Verify = { status: number; body: unknown };

/** A service that lists no zone, and answers verify as told. */
async function emptyZonesService(verify: Verify): Promise<{ url: string; paths: string[]; close(): Promise<void> }> {
  const paths: string[] = [];
  const server: Server = createServer((req, res) => {
    paths.push(`${req.method} ${req.url}`);
    res.setHeader('content-type', 'application/json');
    if (req.url?.startsWith('/client/v4/zones')) {
      res.end(
        JSON.stringify({
          success: true,
          errors: [],
          messages: [],
          result: [],
          result_info: { page: 1, per_page: 50, count: 0, total_count: 0, total_pages: 1 },
        }),
      );
    } else if (req.url === '/client/v4/user/tokens/verify') {
      res.statusCode = verify.status;
      res.end(JSON.stringify(verify.body));
    } else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/client/v4`,
    paths,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

async function lookupError(
  url: string,
  credentials: ConstructorParameters<typeof CloudflareClient>[0]['credentials'] = { kind: 'token', token: 'tok-0123456789' },
): Promise<ZoneLookupError> {
  const client = new CloudflareClient({ baseUrl: url, credentials, limiter: null, retry: { maxAttempts: 1 } });
  try {
    const err = await findZone(client, 'example.com').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ZoneLookupError);
    return err as ZoneLookupError;
  } finally {
    await client.close();
  }
}

describe('an empty zone lookup says why', () => {
  it('a token refused by its IP condition: the token is the problem, not the zone', async () => {
    const svc = await emptyZonesService({
      status: 403,
      body: {
        success: false,
        errors: [{ code: 9109, message: 'Cannot use the access token from location: 127.0.0.1' }],
        messages: [],
        result: null,
      },
    });
    try {
      const err = await lookupError(svc.url);
      expect(err.message).toMatch(
        /^zone "example\.com" not found: .*the token itself is refused \(GET \/user\/tokens\/verify answered 9109 Cannot use the access token from location: 127\.0\.0\.1\): fix the token/,
      );
      expect(svc.paths).toContain('GET /client/v4/user/tokens/verify');
    } finally {
      await svc.close();
    }
  });

  it('an expired token: says so, with its time window', async () => {
    const svc = await emptyZonesService({
      status: 200,
      body: { success: true, errors: [], messages: [], result: { id: 'x', status: 'expired', expires_on: '2020-01-01T00:00:00Z' } },
    });
    try {
      expect((await lookupError(svc.url)).message).toMatch(
        /the token is expired \(expires 2020-01-01T00:00:00Z\) \(GET \/user\/tokens\/verify\): fix the token, not the zone file/,
      );
    } finally {
      await svc.close();
    }
  });

  it('a key pair is not verified as a token', async () => {
    const svc = await emptyZonesService({ status: 500, body: {} });
    try {
      const err = await lookupError(svc.url, { kind: 'key', email: 'a@example.com', key: 'k'.repeat(37) });
      expect(err.message).toMatch(/check the name, and that the account of this key holds the zone/);
      expect(svc.paths).not.toContain('GET /client/v4/user/tokens/verify');
    } finally {
      await svc.close();
    }
  });

  describe('against the emulator', () => {
    let emu: RunningEmulator;
    beforeAll(async () => {
      emu = await startEmulator({ zones: ['example.com'], token: 'lookup-admin-token-0123456789' });
    });
    afterAll(() => emu.close());

    it('an active token and a zone that does not exist: the zone is missing (or unreadable)', async () => {
      const client = new CloudflareClient({
        baseUrl: emu.baseUrl,
        credentials: { kind: 'token', token: 'lookup-admin-token-0123456789' },
        limiter: null,
      });
      try {
        const err = (await findZone(client, 'missing.example').catch((e: unknown) => e)) as Error;
        expect(err.message).toMatch(
          /zone "missing\.example" not found: .*the token is active \(GET \/user\/tokens\/verify\), so the zone does not exist in its account or is hidden from it: .*token can read zones/,
        );
      } finally {
        await client.close();
      }
    });
  });
});
