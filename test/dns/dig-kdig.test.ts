/**
 * The emulator's DNS port with the resolvers' own tools: `dig` (bind9-dnsutils) and `kdig`
 * (knot-dnsutils). CI installs both (scripts/ci-debian-packages.sh); under CI a missing tool
 * fails the test, elsewhere the test is skipped with a message.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { serviceAddresses } from '../../src/emulator/dns/proxy-addresses.js';
import type { Harness } from '../scenario/harness.js';
import { startRealisticZone } from './realistic-zone.js';
import { commandRuns, needsTool, type ToolGuard } from '../support/needs-tool.js';
import { runProcess } from '../support/run-process.js';

const TOOLS = ['dig', 'kdig'] as const;
const GUARDS: Record<(typeof TOOLS)[number], ToolGuard> = {
  dig: needsTool({ name: 'dig', available: commandRuns('dig', ['-v']), install: 'Debian package bind9-dnsutils' }),
  kdig: needsTool({ name: 'kdig', available: commandRuns('kdig', ['--version']), install: 'Debian package knot-dnsutils' }),
};

let h: Harness;
let port: number;

describe('the DNS port through dig and kdig', () => {
  beforeAll(async () => {
    ({ h, port } = await startRealisticZone());
  });
  afterAll(async () => {
    await h?.close();
  });

  /** Runs the tool (asynchronously: the emulator answers from this process), returns its answer lines and status. */
  async function ask(tool: string, args: string[]): Promise<{ answer: string[]; status: string; text: string }> {
    const limits = tool === 'dig' ? ['+tries=1', '+time=5'] : ['+retry=0', '+timeout=5'];
    const { code, stdout: text, stderr: errors } = await runProcess(tool, ['@127.0.0.1', '-p', String(port), ...limits, ...args]);
    expect(code, errors + text).toBe(0);
    const status = /status: (\w+)/.exec(text)?.[1] ?? '';
    const section = /;; ANSWER SECTION:\n([\s\S]*?)(\n\n|\n;;|$)/.exec(text)?.[1] ?? '';
    const answer = section
      .split('\n')
      .filter((l) => /^\S+\.\s+\d+\s+IN\s+\S+/.test(l))
      .map((l) => l.trim().split(/\s+/).join(' '));
    return { answer, status, text };
  }

  const proxy = serviceAddresses('example.com');

  for (const tool of TOOLS) {
    GUARDS[tool].it(`${tool}: A, AAAA, MX, TXT, CAA, SRV answer in full`, async () => {
      expect((await ask(tool, ['www.example.com', 'A'])).answer.sort()).toEqual([
        'www.example.com. 3600 IN A 192.0.2.10',
        'www.example.com. 3600 IN A 192.0.2.11',
      ]);
      expect((await ask(tool, ['www.example.com', 'AAAA'])).answer).toEqual(['www.example.com. 3600 IN AAAA 2001:db8::10']);
      expect((await ask(tool, ['example.com', 'MX'])).answer.sort()).toEqual([
        'example.com. 300 IN MX 10 mx1.example.net.',
        'example.com. 300 IN MX 20 mx2.example.net.',
      ]);
      expect((await ask(tool, ['example.com', 'TXT'])).answer).toEqual(['example.com. 300 IN TXT "v=spf1 include:_spf.example.net -all"']);
      expect((await ask(tool, ['_sip._tcp.example.com', 'SRV'])).answer).toEqual([
        '_sip._tcp.example.com. 300 IN SRV 10 5 5060 sip.example.com.',
      ]);
    });

    GUARDS[tool].it(`${tool}: the apex is flattened, a proxied name answers the service addresses and an HTTPS record`, async () => {
      expect((await ask(tool, ['example.com', 'A'])).answer.sort()).toEqual([
        'example.com. 300 IN A 192.0.2.10',
        'example.com. 300 IN A 192.0.2.11',
      ]);
      expect((await ask(tool, ['shop.example.com', 'A'])).answer.sort()).toEqual(
        proxy.v4.map((a) => `shop.example.com. 300 IN A ${a}`).sort(),
      );
      const https = (await ask(tool, ['shop.example.com', 'TYPE65'])).answer;
      expect(https).toHaveLength(1);
      expect(https[0]).toMatch(/^shop\.example\.com\. 300 IN (HTTPS|TYPE65) /);
    });

    GUARDS[tool].it(`${tool}: wildcard, NXDOMAIN, NODATA, REFUSED`, async () => {
      expect((await ask(tool, ['x.y.apps.example.com', 'A'])).answer).toEqual(['x.y.apps.example.com. 300 IN A 192.0.2.30']);
      const nx = await ask(tool, ['nope.example.com', 'A']);
      expect([nx.status, nx.answer.length]).toEqual(['NXDOMAIN', 0]);
      const nodata = await ask(tool, ['www.example.com', 'MX']);
      expect([nodata.status, nodata.answer.length]).toEqual(['NOERROR', 0]);
      expect((await ask(tool, ['example.org', 'A'])).status).toBe('REFUSED');
    });

    GUARDS[tool].it(`${tool}: a delegation answers a referral with glue`, async () => {
      const r = await ask(tool, ['+norec', 'host.dev.example.com', 'A']);
      expect(r.status).toBe('NOERROR');
      expect(r.text).toMatch(/dev\.example\.com\.\s+300\s+IN\s+NS\s+ns1\.dev\.example\.com\./);
      expect(r.text).toMatch(/ns1\.dev\.example\.com\.\s+300\s+IN\s+A\s+192\.0\.2\.53/);
    });

    GUARDS[tool].it(`${tool}: a truncated UDP answer is retried over TCP and answers in full`, async () => {
      const udpOnly = await ask(tool, ['+noedns', '+ignore', 'big.example.com', 'TXT']);
      expect(udpOnly.text).toMatch(/flags:[^;]*\btc\b/i);
      const retried = await ask(tool, ['+noedns', 'big.example.com', 'TXT']);
      expect(retried.answer).toHaveLength(6);
      expect((await ask(tool, ['+tcp', 'big.example.com', 'TXT'])).answer).toHaveLength(6);
    });
  }
});
