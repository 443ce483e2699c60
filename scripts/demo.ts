/**
 * `npm run demo`: the main job end to end against the embedded emulator.
 * Starts the emulator in-process on a free port, seeds a live zone that differs from
 * examples/zone.yaml, then runs the real CLI as a user would: plan, apply, plan again (empty),
 * an out-of-band edit that plan reports as drift, apply, a final empty plan; then a record is
 * removed from (a copy of) the file, and plan and apply delete it from the zone.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { CloudflareClient } from '../src/api/index.js';
import { useColour } from '../src/cli/output/io.js';
import { startEmulator } from '../src/emulator/server.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const ZONE_FILE = 'examples/zone.yaml';

/** Bold only where the CLI would colour (a terminal; NO_COLOR and FORCE_COLOR as it reads them): the children decide for themselves. */
function banner(text: string): void {
  process.stdout.write(useColour(process.stdout) ? `\n\x1b[1m=== ${text}\x1b[0m\n` : `\n=== ${text}\n`);
}

/** Run the CLI as a child process (async, so the in-process emulator keeps serving). */
function zonectl(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  process.stdout.write(`\n$ zonectl ${args.join(' ')}\n`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/cli/main.ts'), ...args], {
      cwd: root,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      process.stdout.write(`(exit ${code ?? 'signal'})\n`);
      resolve(code ?? 1);
    });
  });
}

async function main(): Promise<number> {
  const emulator = await startEmulator({ port: 0, zones: ['example.com'], zonePlan: 'pro' });
  const failures: string[] = [];
  const expect = (what: string, got: number, want: number): void => {
    if (got !== want) failures.push(`${what}: exit ${got}, expected ${want}`);
  };
  try {
    banner(
      `Emulator listening at ${emulator.baseUrl} (zone example.com, pro plan: the example file tags records, a feature of paid plans)`,
    );
    const token = emulator.adminToken;
    if (token === undefined) throw new Error('the emulator did not create a token');
    const client = new CloudflareClient({ baseUrl: emulator.baseUrl, credentials: { kind: 'token', token } });
    const zoneId = emulator.zones[0].id;
    const path = `/zones/${zoneId}/dns_records`;
    const create = (body: Record<string, unknown>) => client.request<{ id: string }>('POST', path, { body });

    banner('Seeding a live zone that differs from examples/zone.yaml');
    const seeded = [
      { name: 'www', type: 'A', content: '192.0.2.99', ttl: 1 }, // file wants a CNAME: replaced
      { name: 'api', type: 'A', content: '198.51.100.20', ttl: 3600, comment: 'API servers (DNS only)' }, // TTL edit
      { name: 'api', type: 'A', content: '198.51.100.99', ttl: 300 }, // content edit
      { name: '@', type: 'MX', content: 'mx1.example.net', priority: 10, ttl: 1 }, // unchanged
      { name: '@', type: 'MX', content: 'mx-old.example.net', priority: 30, ttl: 1 }, // leaves the MX set
      { name: '@', type: 'MX', content: 'mx-legacy.example.net', priority: 40, ttl: 1 }, // leaves the MX set
      { name: '@', type: 'TXT', content: 'v=spf1 -all', ttl: 1 }, // old SPF
      { name: '_acme-challenge', type: 'TXT', content: 'validation-token', ttl: 120 }, // manage.ignore
      { name: 'legacy', type: 'A', content: '203.0.113.9', ttl: 1 }, // not in the file: deleted (manage.unmanaged: delete)
    ];
    for (const r of seeded) await create(r);
    process.stdout.write(`created ${seeded.length} records through the API\n`);
    await client.close();

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      CLOUDFLARE_BASE_URL: emulator.baseUrl,
      CLOUDFLARE_API_TOKEN: token,
    };
    delete env.CLOUDFLARE_EMAIL;
    delete env.CLOUDFLARE_API_KEY;

    banner('1. Validate the zone file');
    expect('validate', await zonectl(['validate', ZONE_FILE], env), 0);
    banner('2. Plan: what would change');
    expect('first plan', await zonectl(['plan', ZONE_FILE, '--detailed-exitcode'], env), 2);
    banner('3. Apply (batched, in dependency order, verified afterwards)');
    const secrets = mkdtempSync(join(tmpdir(), 'zonectl-demo-'));
    const tokenFile = join(secrets, 'tokens.json');
    expect('apply', await zonectl(['apply', ZONE_FILE, '--yes', '--token-output', tokenFile], env), 0);
    const saved = Object.keys(JSON.parse(readFileSync(tokenFile, 'utf8')) as Record<string, string>);
    process.stdout.write(
      `${tokenFile} (mode ${(statSync(tokenFile).mode & 0o777).toString(8)}) holds the new secret of: ${saved.join(', ')}\n`,
    );
    rmSync(secrets, { recursive: true, force: true });
    banner('4. Plan again: nothing to do');
    expect('second plan', await zonectl(['plan', ZONE_FILE, '--detailed-exitcode'], env), 0);

    banner('5. Someone edits a record out of band (dashboard): api TTL 300 -> 60');
    const edit = new CloudflareClient({ baseUrl: emulator.baseUrl, credentials: { kind: 'token', token } });
    const api = await edit.request<Array<{ id: string; ttl: number }>>('GET', path, {
      query: { name: 'api.example.com', content: '198.51.100.21' },
    });
    await edit.request('PATCH', `${path}/${api.result[0].id}`, { body: { ttl: 60 } });
    await edit.close();
    expect('drift plan', await zonectl(['plan', ZONE_FILE, '--detailed-exitcode'], env), 2);
    banner('6. Apply the file again, then plan: empty');
    expect('second apply', await zonectl(['apply', ZONE_FILE, '--yes'], env), 0);
    expect('final plan', await zonectl(['plan', ZONE_FILE, '--detailed-exitcode'], env), 0);

    banner('7. Remove the status CNAME from (a copy of) the file: plan and apply delete it');
    const copyDir = mkdtempSync(join(tmpdir(), 'zonectl-demo-'));
    const copy = join(copyDir, 'zone.yaml');
    const lines = readFileSync(join(root, ZONE_FILE), 'utf8').split('\n');
    const kept = lines.filter((l) => !l.includes('name: status, type: CNAME'));
    if (kept.length !== lines.length - 1) throw new Error(`${ZONE_FILE} has no single status CNAME line to remove`);
    writeFileSync(copy, kept.join('\n'));
    try {
      expect('plan without status', await zonectl(['plan', copy, '--detailed-exitcode'], env), 2);
      expect('apply without status', await zonectl(['apply', copy, '--yes'], env), 0);
      expect('plan after the delete', await zonectl(['plan', copy, '--detailed-exitcode'], env), 0);
    } finally {
      rmSync(copyDir, { recursive: true, force: true });
    }
  } finally {
    await emulator.close();
  }
  banner(failures.length === 0 ? 'Demo finished: the zone converged and the emulator is stopped.' : `Demo FAILED:\n${failures.join('\n')}`);
  return failures.length === 0 ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`demo failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
