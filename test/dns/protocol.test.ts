/**
 * The DNS protocol edges of the emulator's server: ANY (RFC 8482), EDNS versions (BADVERS),
 * malformed queries (FORMERR), other opcodes (NOTIMP), several queries on one TCP connection,
 * other classes, and `zonectl emulator --dns-port 0` printing its port.
 */
import { connect } from 'node:net';
import packet from 'dns-packet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { spawnCli } from '../support/spawn-cli.js';
import { encodeQuery, exchangeUdp, query, rcodeOf, readReply } from './wire-client.js';

let emu: RunningEmulator;
let port: number;

beforeAll(async () => {
  emu = await startEmulator({ zones: ['example.com'], token: 'protocol-token', dnsPort: 0 });
  port = emu.dns!.port;
});
afterAll(async () => {
  await emu?.close();
});

const rawHeader = (id: number, flags: number): Buffer => {
  const b = Buffer.alloc(12);
  b.writeUInt16BE(id, 0);
  b.writeUInt16BE(flags, 2);
  return b;
};

describe('protocol edges', () => {
  it('ANY answers one synthesized HINFO (RFC 8482 §4.2); NXDOMAIN stays NXDOMAIN', async () => {
    const r = await query(port, 'example.com', 'ANY');
    expect(r.answer.map((a) => `${a.type} ${a.data}`)).toEqual(['HINFO "RFC8482" ""']);
    expect((await query(port, 'nope.example.com', 'ANY')).rcode).toBe('NXDOMAIN');
  });

  it('an EDNS version other than 0 answers BADVERS (extended rcode 1 in the OPT record)', async () => {
    const q = packet.encode({
      type: 'query',
      id: 7,
      questions: [{ name: 'example.com', type: 'SOA' }],
      additionals: [
        { name: '.', type: 'OPT', udpPayloadSize: 1232, extendedRcode: 0, ednsVersion: 1, flags: 0, flag_do: false, options: [] },
      ],
    });
    const d = packet.decode(await exchangeUdp(port, q));
    const opt = (d.additionals ?? []).find((a) => a.type === 'OPT') as { extendedRcode: number } | undefined;
    expect([rcodeOf(d), opt?.extendedRcode, (d.answers ?? []).length]).toEqual(['NOERROR', 1, 0]);
  });

  it('a query that cannot be read answers FORMERR with its id; another opcode answers NOTIMP', async () => {
    // One question announced, whose first label claims 50 bytes of which 2 follow.
    const broken = Buffer.concat([rawHeader(4242, 0x0100), Buffer.from([50, 1, 2])]);
    broken.writeUInt16BE(1, 4);
    const formerr = packet.decode(await exchangeUdp(port, broken));
    expect([formerr.id, rcodeOf(formerr)]).toEqual([4242, 'FORMERR']);
    const notify = encodeQuery('example.com', 'SOA', { id: 99 });
    notify.writeUInt16BE((notify.readUInt16BE(2) & ~0x7800) | (4 << 11), 2);
    expect(readReply(await exchangeUdp(port, notify)).rcode).toBe('NOTIMP');
  });

  it('a class other than IN is REFUSED', async () => {
    const q = packet.encode({ type: 'query', id: 5, questions: [{ name: 'example.com', type: 'A', class: 'CH' }] });
    expect(rcodeOf(packet.decode(await exchangeUdp(port, q)))).toBe('REFUSED');
  });

  it('one TCP connection carries several queries, each answered in order', async () => {
    const ids = [11, 12, 13];
    const frames = ids.map((id) => {
      const q = encodeQuery(id === 12 ? 'example.org' : 'example.com', 'SOA', { id });
      const f = Buffer.alloc(2 + q.length);
      f.writeUInt16BE(q.length);
      q.copy(f, 2);
      return f;
    });
    const answers = await new Promise<Buffer[]>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let got = Buffer.alloc(0);
      const out: Buffer[] = [];
      socket.on('error', reject);
      socket.on('data', (chunk: Buffer) => {
        got = Buffer.concat([got, chunk]);
        while (got.length >= 2 && got.length >= 2 + got.readUInt16BE(0)) {
          out.push(got.subarray(2, 2 + got.readUInt16BE(0)));
          got = got.subarray(2 + got.readUInt16BE(0));
        }
        if (out.length === ids.length) {
          socket.end();
          resolve(out);
        }
      });
      socket.write(Buffer.concat(frames));
    });
    expect(answers.map((a) => [packet.decode(a).id, rcodeOf(packet.decode(a))])).toEqual([
      [11, 'NOERROR'],
      [12, 'REFUSED'],
      [13, 'NOERROR'],
    ]);
  });
});

describe('zonectl emulator --dns-port', () => {
  it('prints the DNS port on stderr (stdout keeps the one base URL line) and answers there', async () => {
    const cli = spawnCli(['emulator', '--port', '0', '--dns-port', '0', '--zone', 'example.com', '--token', 'cli-dns-token'], {});
    const dnsLine = /emulator: DNS on 127\.0\.0\.1 port (\d+) \(UDP and TCP\)/;
    await cli.waitForStderr(dnsLine);
    const dnsPort = Number(dnsLine.exec(cli.stderr())?.[1]);
    const soa = await query(dnsPort, 'example.com', 'SOA');
    expect([soa.rcode, soa.aa, soa.answer.length]).toEqual(['NOERROR', true, 1]);
    cli.child.kill('SIGTERM');
    const { code, stdout } = await cli.done;
    expect(code).toBe(0);
    expect(stdout.trim().split('\n')).toEqual([expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/client\/v4$/)]);
  });
});
