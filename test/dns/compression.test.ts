/**
 * The emulator's DNS answers compress names (RFC 1035 §4.1.4), so they are the size a real
 * server's are: 40 A records of one name fit under the EDNS payload of 1,232 bytes (DNS flag day
 * 2020) and arrive whole over UDP. Checked with the wire client (dns-packet decodes pointers)
 * and, where installed, with dig and kdig told not to retry over TCP.
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config, converge, startHarness, type Harness } from '../scenario/harness.js';
import { runProcess } from '../support/run-process.js';
import { lines, query } from './wire-client.js';

const ADDRESSES = Array.from({ length: 40 }, (_, i) => `192.0.2.${i + 1}`);
const ZONE = `
version: 1
zone: example.com
records:
  - { name: "@", type: A, content: 192.0.2.200 }
${ADDRESSES.map((a) => `  - { name: many, type: A, content: ${a}, ttl: 300 }`).join('\n')}
  - { name: alias, type: CNAME, content: many.example.com, ttl: 300 }
  - { name: "@", type: MX, content: mail.example.com, priority: 10, ttl: 300 }
  - { name: mail, type: A, content: 192.0.2.100, ttl: 300 }
`;

let h: Harness;
let port: number;
beforeAll(async () => {
  h = await startHarness({ dnsPort: 0 });
  await converge(h, config(ZONE));
  port = h.emulator.dns!.port;
});
afterAll(async () => {
  await h?.close();
});

describe('name compression in answers', () => {
  it('40 A records of one name answer whole under an EDNS payload of 1,232 bytes, each owner a 2-byte pointer', async () => {
    const reply = await query(port, 'many.example.com', 'A', { edns: 1232 });
    expect(reply.tc).toBe(false);
    expect(lines(reply.answer)).toEqual(ADDRESSES.map((a) => `many.example.com 300 A ${a}`).sort());
    // header 12 + question 18+4 + 40 × (pointer 2 + type, class, ttl, rdlength 10 + address 4) + OPT 11
    expect(reply.size).toBe(12 + 22 + 40 * 16 + 11);
  });

  it('names inside CNAME and MX data point at earlier copies and decode to the same names', async () => {
    const alias = await query(port, 'alias.example.com', 'CNAME', { edns: 1232 });
    expect(lines(alias.answer)).toEqual(['alias.example.com 300 CNAME many.example.com.']);
    // header 12 + question 19+4 + owner pointer 2 + 10 + "many" 5 + pointer to example.com 2 + OPT 11
    expect(alias.size).toBe(12 + 23 + 2 + 10 + 5 + 2 + 11);
    const mx = await query(port, 'example.com', 'MX', { edns: 1232 });
    expect(lines(mx.answer)).toEqual(['example.com 300 MX 10 mail.example.com.']);
    // header 12 + question 13+4 + owner pointer 2 + 10 + preference 2 + "mail" 5 + pointer 2 + OPT 11
    expect(mx.size).toBe(12 + 17 + 2 + 10 + 2 + 5 + 2 + 11);
  });

  it('the question keeps the case the client wrote; answers still decode', async () => {
    const reply = await query(port, 'MaNy.Example.COM', 'A', { edns: 1232 });
    expect(reply.answer).toHaveLength(40);
    expect(reply.tc).toBe(false);
  });
});

const has = (tool: string): boolean => spawnSync(tool, ['-v'], { stdio: 'ignore' }).error === undefined;
const TOOLS = ['dig', 'kdig'].filter((tool) => {
  if (has(tool)) return true;
  if (process.env.CI === 'true') throw new Error(`${tool} is not installed (.ci/run installs it)`);
  console.warn(`test/dns: ${tool} skipped: not installed`);
  return false;
});

describe.skipIf(TOOLS.length === 0)('dig and kdig receive the 40 records over UDP, not truncated', () => {
  for (const tool of TOOLS) {
    it(tool, async () => {
      const args =
        tool === 'dig' ? ['+tries=1', '+time=5', '+bufsize=1232', '+ignore'] : ['+retry=0', '+timeout=5', '+bufsize=1232', '+ignore'];
      const { code, stdout: text } = await runProcess(tool, ['@127.0.0.1', '-p', String(port), ...args, 'many.example.com', 'A']);
      expect(code, text).toBe(0);
      expect(text).not.toMatch(/flags:[^;]*\btc\b/);
      expect(text.split('\n').filter((l) => /^many\.example\.com\.\s+300\s+IN\s+A\s/.test(l))).toHaveLength(40);
    });
  }
});
