/** A base URL that is not the API gets a hint to check CLOUDFLARE_BASE_URL. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CloudflareClient } from '../../src/api/index.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';

const client = (baseUrl: string) =>
  new CloudflareClient({
    baseUrl,
    credentials: { kind: 'token', token: 'hint-token-000000000000000000000000' },
    limiter: null,
    retry: { maxAttempts: 1 },
  });

async function failure(baseUrl: string): Promise<Error> {
  const c = client(baseUrl);
  try {
    await c.request('GET', '/zones');
  } catch (err) {
    return err as Error;
  } finally {
    await c.close();
  }
  throw new Error('the request did not fail');
}

describe('a base URL that is not the API', () => {
  let html: Server;
  let htmlUrl: string;
  let emulator: RunningEmulator;
  beforeAll(async () => {
    html = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><html><body>Welcome to nginx!</body></html>');
    });
    await new Promise<void>((resolve) => html.listen(0, '127.0.0.1', resolve));
    htmlUrl = `http://127.0.0.1:${(html.address() as AddressInfo).port}/client/v4`;
    emulator = await startEmulator({ port: 0, zones: ['example.com'] });
  });
  afterAll(async () => {
    await new Promise((resolve) => html.close(resolve));
    await emulator.close();
  });

  it('an HTML answer', async () => {
    const err = await failure(htmlUrl);
    expect(err.message).toMatch(/not the API's JSON envelope: <!doctype html>/i);
    expect(err.message).toContain(`is ${htmlUrl} the Cloudflare API v4? check CLOUDFLARE_BASE_URL`);
  });

  it('TLS spoken to a plain HTTP port', async () => {
    const url = emulator.baseUrl.replace(/^http:/, 'https:');
    const err = await failure(url);
    expect(err.message).toContain(`is ${url} the Cloudflare API v4? check CLOUDFLARE_BASE_URL`);
  });

  it('connection refused', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const url = `http://127.0.0.1:${port}/client/v4`;
    const err = await failure(url);
    expect(err.message).toMatch(/ECONNREFUSED/);
    expect(err.message).toContain('check CLOUDFLARE_BASE_URL');
  });

  it('a base URL without /client/v4: the API answers 7003, and the hint names the path to add', async () => {
    const origin = new URL(emulator.baseUrl).origin;
    const err = await failure(origin);
    expect(err.message).toMatch(/404 7003 /);
    expect(err.message).toContain(
      `the base URL ${origin} does not end with /client/v4: check CLOUDFLARE_BASE_URL (or --base-url), e.g. ${origin}/client/v4`,
    );
  });

  it('a token the service does not know (9109): the hint names CLOUDFLARE_API_TOKEN, never the token', async () => {
    const err = await failure(emulator.baseUrl);
    expect(err.message).toMatch(/403 9109 Invalid access token; the service does not accept the API token: check CLOUDFLARE_API_TOKEN/);
    expect(err.message).not.toContain('hint-token-000000000000000000000000');
  });

  it('a key pair the service does not know: the hint names CLOUDFLARE_EMAIL and CLOUDFLARE_API_KEY', async () => {
    const c = new CloudflareClient({
      baseUrl: emulator.baseUrl,
      credentials: { kind: 'key', email: 'nobody@example.com', key: 'f'.repeat(37) },
      limiter: null,
      retry: { maxAttempts: 1 },
    });
    const err = await c.request('GET', '/zones').then(
      () => new Error('the request did not fail'),
      (e: unknown) => e as Error,
    );
    await c.close();
    expect(err.message).toContain('check CLOUDFLARE_EMAIL and CLOUDFLARE_API_KEY');
    expect(err.message).not.toContain('f'.repeat(37));
  });

  it("a credential read from an account's variables (zonectl.yaml): the hint names those variables, never a value", async () => {
    const refused = async (credentials: ConstructorParameters<typeof CloudflareClient>[0]['credentials']): Promise<Error> => {
      const c = new CloudflareClient({ baseUrl: emulator.baseUrl, credentials, limiter: null, retry: { maxAttempts: 1 } });
      const err = await c.request('GET', '/zones').then(
        () => new Error('the request did not fail'),
        (e: unknown) => e as Error,
      );
      await c.close();
      return err;
    };
    const token = await refused({ kind: 'token', token: 'acct-token-00000000000000000000000', variable: 'CF_MAIN_TOKEN' });
    expect(token.message).toMatch(/403 9109 .*check CF_MAIN_TOKEN \(/);
    expect(token.message).not.toMatch(/CLOUDFLARE_API_TOKEN|acct-token-0/);
    const pair = await refused({
      kind: 'key',
      email: 'nobody@example.com',
      key: 'e'.repeat(37),
      emailVariable: 'CF_LEGACY_EMAIL',
      keyVariable: 'CF_LEGACY_KEY',
    });
    expect(pair.message).toContain('check CF_LEGACY_EMAIL and CF_LEGACY_KEY');
    expect(pair.message).not.toMatch(/CLOUDFLARE_EMAIL|CLOUDFLARE_API_KEY/);
    expect(pair.message).not.toContain('e'.repeat(37));
  });

  it('an answer of the API itself gets no such hint', async () => {
    const err = await failure(emulator.baseUrl);
    expect(err.message).not.toContain('CLOUDFLARE_BASE_URL');
  });
});
