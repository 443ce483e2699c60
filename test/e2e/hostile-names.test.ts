/**
 * Names and ids from the API become paths (issue 18, item 5): a service (or whatever answers at
 * CLOUDFLARE_BASE_URL) that names a zone `../…` or gives an id like `../../user/tokens/x` gets a
 * clear error, no file outside `export --all --out DIR`, and no request built from that id.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CloudflareClient } from '../../src/api/index.js';
import { startDropProxy, type DropProxy } from '../api/drop-proxy.js';
import { TOKEN, startHarness, type Harness } from '../scenario/harness.js';
import { runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

const HOSTILE_ID = '../../user/tokens/x';

/** Rewrites `result` (or each element of it) of the JSON answers to requests matching `match`. */
function rewriteResult(match: (method: string, path: string) => boolean, change: (item: Record<string, unknown>) => void) {
  return (method: string, path: string, body: string): string | undefined => {
    if (!match(method, path)) return undefined;
    const envelope = JSON.parse(body) as { result: unknown };
    for (const item of Array.isArray(envelope.result) ? envelope.result : [envelope.result]) change(item as Record<string, unknown>);
    return JSON.stringify(envelope);
  };
}

const ZONE_FILE = `version: 1
zone: example.com
records:
  - { name: www, type: A, content: 192.0.2.1 }
`;

describe('hostile names and ids from the API', () => {
  let h: Harness;
  let proxy: DropProxy;
  let env: Record<string, string>;
  let dir: string;

  beforeAll(async () => {
    h = await startHarness();
    proxy = await startDropProxy(h.emulator.baseUrl);
    env = { CLOUDFLARE_BASE_URL: proxy.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
  });
  afterAll(async () => {
    await proxy.close();
    await h.close();
  });
  beforeEach(() => {
    proxy.forwarded.length = 0;
    proxy.setRewrite(undefined);
    dir = tempDir('hostile');
  });
  const sentWithDots = (): string[] => proxy.forwarded.filter((r) => r.includes('..') || r.includes('%2F') || r.includes('%2f'));

  it('export --all: a zone named with ../ writes nothing, inside or outside --out', async () => {
    proxy.setRewrite(
      rewriteResult(
        (m, p) => m === 'GET' && p.startsWith('/client/v4/zones?'),
        (z) => (z.name = '../../escaped'),
      ),
    );
    const out = join(dir, 'out');
    const res = await runCli(['export', '--all', '--out', out, '--force'], env);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(
      'zonectl: error[UNSAFE_EXPORT_PATH]: the zones list holds a zone named "../../escaped", which is not a domain name; refusing to make a file name of it (nothing was written)',
    );
    expect(readdirSync(out)).toEqual([]);
    expect(readdirSync(dir)).toEqual(['out']);
  });

  it('export --all: a symlink planted in --out at a zone file name is neither followed nor replaced, even with --force', async () => {
    const out = join(dir, 'out');
    mkdirSync(out);
    const victim = join(dir, 'workflow.yaml');
    writeFileSync(victim, 'on: push\n');
    symlinkSync(victim, join(out, 'example.com.yaml'));
    const res = await runCli(['export', '--all', '--out', out, '--force'], env);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(
      `zonectl: error[UNSAFE_EXPORT_PATH]: ${join(out, 'example.com.yaml')} is a symlink; zonectl export does not write through or replace one`,
    );
    expect(readFileSync(victim, 'utf8')).toBe('on: push\n');
  });

  it('export --all still writes one file per zone named after it', async () => {
    const out = join(dir, 'out');
    const res = await runCli(['export', '--all', '--out', out], env);
    expect(res.code).toBe(0);
    expect(readdirSync(out).filter((f) => !f.startsWith('.'))).toEqual(['example.com.yaml']); // .zonectl/: the schema for editors
  });

  it('a zone id that is not an id: plan stops naming the zone, no request is built from it', async () => {
    proxy.setRewrite(
      rewriteResult(
        (m, p) => m === 'GET' && p.startsWith('/client/v4/zones?'),
        (z) => (z.id = HOSTILE_ID),
      ),
    );
    writeFileSync(join(dir, 'zone.yaml'), ZONE_FILE);
    const res = await runCli(['plan', join(dir, 'zone.yaml')], env);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(
      `the API gave zone "example.com" the id "${HOSTILE_ID}", which is not an id (32 hex characters); no request was sent with it`,
    );
    expect(res.stderr).toContain('error[API_BAD_ID]');
    expect(sentWithDots()).toEqual([]);
  });

  it('a record id that is not an id: plan stops naming the record, no request is built from it', async () => {
    proxy.setRewrite(
      rewriteResult(
        (m, p) => m === 'GET' && p.includes('/dns_records'),
        (r) => (r.id = HOSTILE_ID),
      ),
    );
    const old = await h.client.request<{ id: string }>('POST', `/zones/${h.zoneId}/dns_records`, {
      body: { type: 'A', name: 'old.example.com', content: '192.0.2.9', ttl: 300 },
    });
    writeFileSync(join(dir, 'zone.yaml'), ZONE_FILE);
    const res = await runCli(['apply', join(dir, 'zone.yaml'), '--yes'], env);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(
      /the API gave record "[a-z.]+example\.com" "[A-Z]+" the id "\.\.\/\.\.\/user\/tokens\/x", which is not an id/,
    );
    expect(sentWithDots()).toEqual([]);
    // The record the file would delete is untouched (the only write is the apply lock's own release).
    expect(proxy.forwarded.filter((r) => r.includes(old.result.id))).toEqual([]);
  });

  it('the lock POST answered with an id that is not one: apply stops before any request built from it', async () => {
    proxy.setRewrite(
      rewriteResult(
        (m, p) => m === 'POST' && p.endsWith('/dns_records'),
        (r) => (r.id = HOSTILE_ID),
      ),
    );
    writeFileSync(join(dir, 'zone.yaml'), ZONE_FILE.replace('www', 'lockcase'));
    const res = await runCli(['apply', join(dir, 'zone.yaml'), '--yes'], env);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`the id "${HOSTILE_ID}", which is not an id (32 hex characters); no request was sent with it`);
    expect(sentWithDots()).toEqual([]);
  });

  it('the client refuses any request path with .., an encoded slash or a query, before sending', async () => {
    const client = new CloudflareClient({ baseUrl: proxy.baseUrl, credentials: { kind: 'token', token: TOKEN }, limiter: null });
    try {
      for (const path of [
        `/zones/${h.zoneId}/dns_records/../../../user/tokens`,
        '/zones/..%2Fuser/dns_records',
        '/zones?name=x',
        '/zones/a b',
      ]) {
        await expect(client.request('GET', path)).rejects.toThrow(/refusing to send GET .*: a request path holds only ids and API words/);
      }
    } finally {
      await client.close();
    }
    expect(proxy.forwarded).toEqual([]);
    expect(existsSync(dir)).toBe(true);
  });
});
