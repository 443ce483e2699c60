/** Helpers of the DNSSEC tests: the zone signed and its DS known, BIND's `delv`, a tampering UDP proxy. */
import { createSocket, type Socket } from 'node:dgram';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import packet from 'dns-packet';
import type { Harness } from '../scenario/harness.js';
import { TOKEN } from '../scenario/harness.js';
import { commandRuns, needsTools, type ToolGuard } from '../support/needs-tool.js';
import { runProcess } from '../support/run-process.js';
import { tempDir } from '../support/temp-dir.js';

export const DELV: ToolGuard = needsTools([
  { name: 'delv', available: commandRuns('delv', ['-v']), install: 'Debian package bind9-dnsutils' },
  { name: 'dnssec-dsfromkey', available: commandRuns('dnssec-dsfromkey', ['-V']), install: 'Debian package bind9-utils' },
]);

/** PATCH /zones/{id}/dnssec through the API, as a client would; returns the answer's result. */
export async function patchDnssec(h: Harness, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${h.emulator.baseUrl}/zones/${h.zoneId}/dnssec`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { success: boolean; result: Record<string, unknown> };
  if (!json.success) throw new Error(`PATCH dnssec failed: ${JSON.stringify(json)}`);
  return json.result;
}

/** A trust-anchors file holding the zone's DS (from the API answer) as a static DS. */
export function anchorsFile(zone: string, keyTag: number, digest: string): { path: string; remove(): void } {
  const dir = tempDir('delv');
  const path = join(dir, 'anchors.conf');
  writeFileSync(path, `trust-anchors {\n  ${zone}. static-ds ${keyTag} 13 2 "${digest}";\n};\n`);
  return { path, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface DelvResult {
  code: number | null;
  /** stdout and stderr together (delv writes its verdict comments on both). */
  text: string;
}

/** `delv @127.0.0.1 -p PORT -a ANCHORS +root=ZONE ...args`, run asynchronously (the emulator answers from this process). */
export async function delv(port: number, anchors: string, zone: string, args: string[]): Promise<DelvResult> {
  const r = await runProcess('delv', [
    '@127.0.0.1',
    '-p',
    String(port),
    '-a',
    anchors,
    `+root=${zone}`,
    '+nosplit',
    '+norrcomments',
    ...args,
  ]);
  return { code: r.code, text: r.output };
}

/** `delv` asking the emulator's DNS server for `args` with the zone's DS (key tag, SHA-256 digest) as its one trust anchor. */
export async function delvWithDs(port: number, zone: string, ds: { keyTag: number; digest: string }, args: string[]): Promise<DelvResult> {
  const anchors = anchorsFile(zone, ds.keyTag, ds.digest);
  try {
    return await delv(port, anchors.path, zone, args);
  } finally {
    anchors.remove();
  }
}

/** Answer records of `name`/`type` in delv's output: `name ttl IN type data` lines, blanks collapsed. */
export function records(text: string, type: string): string[] {
  return text
    .split('\n')
    .filter((l) => new RegExp(`^\\S+\\s+\\d+\\s+IN\\s+${type}\\s`).test(l))
    .map((l) => l.trim().split(/\s+/).join(' '));
}

/**
 * A UDP proxy in front of the emulator's DNS port that passes every exchange through, except
 * that `tamper` may rewrite the answer to one question (the name and type it was asked).
 */
export async function startUdpProxy(
  upstream: number,
  tamper: (question: { name: string; type: string }, answer: Buffer) => Buffer,
): Promise<{ port: number; close(): Promise<void> }> {
  const front = createSocket('udp4');
  const pending = new Map<number, { port: number; address: string; q: { name: string; type: string } }>();
  const back: Socket = createSocket('udp4');
  front.on('message', (msg, peer) => {
    const q = packet.decode(msg).questions?.[0];
    pending.set(msg.readUInt16BE(0), {
      port: peer.port,
      address: peer.address,
      q: { name: String(q?.name ?? '').toLowerCase(), type: String(q?.type ?? '') },
    });
    back.send(msg, upstream, '127.0.0.1');
  });
  back.on('message', (msg) => {
    const to = pending.get(msg.readUInt16BE(0));
    if (to === undefined) return;
    pending.delete(msg.readUInt16BE(0));
    front.send(tamper(to.q, Buffer.from(msg)), to.port, to.address);
  });
  await new Promise<void>((resolve) => front.bind(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => back.bind(0, '127.0.0.1', resolve));
  return {
    port: front.address().port,
    close: () =>
      new Promise<void>((resolve) => {
        back.close(() => front.close(() => resolve()));
      }),
  };
}
