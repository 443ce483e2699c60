/**
 * Planning many small zones through the CLI (one process, a directory of zone files) against the
 * in-process emulator with its rate limit on: requests sent, 429s seen (must be none), wall time,
 * and the floor the budget itself imposes on that many requests.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startEmulator } from '../src/emulator/server.js';
import { compiledCliPath, runNode } from './measure.js';

const TOKEN = 'bench-zones-token-3a7c9e1b5d2f4a6c';

export interface ZonesBench {
  zones: number;
  quota: number;
  windowSeconds: number;
  requests: number;
  limited: number;
  ms: number;
  floorMs: number;
  exitCode: number;
  mode: string;
}

export async function benchManyZones(root: string, dir: string, zones: number, quota: number, windowSeconds: number): Promise<ZonesBench> {
  const names = Array.from({ length: zones }, (_, i) => `zone-${String(i).padStart(4, '0')}.example`);
  const zonesDir = join(dir, 'many-zones');
  names.forEach((zone, i) => {
    const sub = join(zonesDir, String(i % 10));
    mkdirSync(sub, { recursive: true });
    writeFileSync(join(sub, `${zone}.yaml`), `version: 1\nzone: ${zone}\nrecords:\n  - { name: www, type: A, content: 192.0.2.1 }\n`);
  });
  const lines: string[] = [];
  const emulator = await startEmulator({
    port: 0,
    zones: names,
    token: TOKEN,
    rateLimit: { requests: quota, seconds: windowSeconds },
    logger: (l) => lines.push(l),
  });
  try {
    const compiled = compiledCliPath(root);
    const useDist = existsSync(compiled);
    const args = useDist ? [compiled] : ['--import', 'tsx', join(root, 'src', 'cli', 'main.ts')];
    const run = await runNode([...args, 'plan', zonesDir, '--format', 'json', '--rate-limit', `${quota}/${windowSeconds}`], root, {
      CLOUDFLARE_BASE_URL: emulator.baseUrl,
      CLOUDFLARE_API_TOKEN: TOKEN,
    });
    const requests = lines.filter((l) => /^[A-Z]+ \//.test(l)).length;
    const limited = lines.filter((l) => / 429 /.test(l)).length;
    // The emulator's window opens at its first request: R requests need ceil(R/q) windows.
    const floorMs = (Math.ceil(requests / quota) - 1) * windowSeconds * 1000;
    return {
      zones,
      quota,
      windowSeconds,
      requests,
      limited,
      ms: run.ms,
      floorMs,
      exitCode: run.code,
      mode: useDist ? 'compiled CLI' : 'CLI through tsx',
    };
  } finally {
    await emulator.close();
  }
}
