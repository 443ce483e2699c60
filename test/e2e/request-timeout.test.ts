/** `--request-timeout SECONDS` (global): a run against an endpoint that trickles its answer ends with a clear error. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drip, startHostileServer, type HostileServer } from '../api/hostile-server.js';
import { runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

describe('--request-timeout', () => {
  let server: HostileServer;
  let file: string;
  beforeAll(async () => {
    server = await startHostileServer((_req, res) => drip(res));
    const dir = tempDir('timeout');
    file = join(dir, 'zone.yaml');
    writeFileSync(file, 'version: 1\nzone: example.com\nrecords:\n  - { name: www, type: A, content: 192.0.2.1 }\n');
  });
  afterAll(async () => {
    await server.close();
  });

  it('ends a plan whose answer never completes, naming the flag', async () => {
    const res = await runCli(['--request-timeout', '1', 'plan', file], {
      CLOUDFLARE_BASE_URL: server.baseUrl,
      CLOUDFLARE_API_TOKEN: 'timeout-test-token',
    });
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(
      /zonectl: error\[API_TIMEOUT\]: example\.com: GET \/zones: no complete answer within 1 s \(--request-timeout\); is http:\/\/127\.0\.0\.1:\d+\/client\/v4 the Cloudflare API v4, and reachable\?/,
    );
    expect(server.requests).toHaveLength(1);
  });

  it('refuses a value that is no number of seconds', async () => {
    const res = await runCli(['--request-timeout', '0', 'plan', file], {
      CLOUDFLARE_BASE_URL: server.baseUrl,
      CLOUDFLARE_API_TOKEN: 'timeout-test-token',
    });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('--request-timeout must be a number of seconds above 0 (at most 86400), e.g. 300.');
  });
});
