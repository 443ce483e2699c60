/**
 * Differential property test: random zones are applied to the emulator with zonectl's own apply,
 * then, for names in and around each zone and a set of types, the emulator's DNS answers (read
 * from the wire) and `resolveName` (zonectl's resolve, from the zone file alone and the zone's
 * name servers) must agree: rcode, answer RRsets as sets, authority (the SOA without its
 * serial, or the referral's NS) and glue. The two share no code (`npm run arch`).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveName, type Resolution, type ResourceRecordAnswer } from '../../src/core/resolve/resolve-name.js';
import { zoneViewOf } from '../../src/core/resolve/zone-view.js';
import { converge, config, startHarness, type Harness } from '../scenario/harness.js';
import { randomZone, ZONE, type RandomZone } from './random-zone.js';
import { query, type Reply, type Rr } from './wire-client.js';

const TYPES = [
  'A',
  'AAAA',
  'CNAME',
  'TXT',
  'MX',
  'HTTPS',
  'NS',
  'DS',
  'SOA',
  'SRV',
  'CAA',
  'PTR',
  'SVCB',
  'URI',
  'NAPTR',
  'SSHFP',
  'TLSA',
  'SMIMEA',
  'CERT',
  'DNSKEY',
  'OPENPGPKEY',
  'LOC',
];

const EMPTY_ZONE = `version: 1\nzone: ${ZONE}\nrecords: []\nmanage: { unmanaged: delete, max_delete_percent: 100 }\n`;

let h: Harness;
let port: number;

beforeAll(async () => {
  // A paid plan: per-record flatten_cname needs one.
  h = await startHarness({ dnsPort: 0, zonePlan: 'pro' });
  port = h.emulator.dns!.port;
});
afterAll(async () => {
  await h?.close();
});

const fqdn = (rel: string): string => (rel === '@' ? ZONE : `${rel}.${ZONE}`);

/** The names to ask about: every owner, names below them (wildcards, cuts), and names that do not exist. */
function questions(z: RandomZone): string[] {
  const names = new Set<string>(z.names.map(fqdn));
  for (const p of z.wildcardParents) {
    names.add(`q.${fqdn(p)}`);
    names.add(`r.q.${fqdn(p)}`);
    names.add(`*.${fqdn(p)}`);
  }
  for (const c of z.cuts) {
    names.add(`host.${fqdn(c)}`);
    names.add(`ns1.${fqdn(c)}`);
  }
  names.add(`nothing-here.${ZONE}`);
  names.add('d.example.com');
  names.add('g.h.example.com');
  names.add('example.org');
  return [...names];
}

interface Compared {
  rcode: string;
  answer: string[];
  authority: string[];
  additional: string[];
}

/** SvcParams values may be written quoted or not (RFC 9460 §2.1): compared without the quotes. */
const data = (type: string, d: string): string => (type === 'HTTPS' || type === 'SVCB' ? d.replace(/"/g, '') : d);
const line = (r: { name: string; ttl: number; type: string; data: string }): string =>
  `${r.name.replace(/\.$/, '')} ${r.ttl} ${r.type} ${data(r.type, r.data)}`;
/** An RR line, an SOA without its serial (the emulator's grows with every change; resolve's is given). */
const withoutSerial = (r: Rr | ResourceRecordAnswer): string =>
  r.type === 'SOA'
    ? line({
        ...r,
        data: r.data
          .split(' ')
          .filter((_, i) => i !== 2)
          .join(' '),
      })
    : line(r);

function fromWire(r: Reply): Compared {
  return {
    rcode: r.rcode,
    answer: r.answer.map(withoutSerial).sort(),
    authority: r.authority.map(withoutSerial).sort(),
    additional: r.additional.map(line).sort(),
  };
}

function fromResolve(r: Resolution): Compared {
  return {
    rcode: r.rcode,
    answer: r.answer.map(withoutSerial).sort(),
    authority: r.authority.map(withoutSerial).sort(),
    additional: r.additional.map(line).sort(),
  };
}

async function ask(name: string, type: string): Promise<Reply> {
  const udp = await query(port, name, type, { edns: 4096 });
  return udp.tc ? query(port, name, type, { transport: 'tcp' }) : udp;
}

describe('the emulator DNS server and zonectl resolve agree', () => {
  it('on random zones (answers, rcode, authority, glue)', async () => {
    // What the corpus reached: each kind of answer must occur, or the agreement says little.
    const seen = new Set<string>();
    const note = (w: Compared, name: string, type: string): void => {
      if (w.rcode !== 'NOERROR') seen.add(w.rcode);
      else if (w.answer.length === 0) seen.add(w.authority.some((a) => a.includes(' NS ')) ? 'referral' : 'nodata');
      else seen.add('answer');
      if (w.additional.length > 0) seen.add('glue');
      if (w.answer.some((a) => / A 104\.(1[6-9]|2[0-3])\./.test(a))) seen.add('proxied');
      if (type === 'HTTPS' && w.answer.some((a) => a.includes('ipv4hint=104.') || a.includes('ipv6hint=2606:4700')))
        seen.add('synthesized-https');
      if (name.startsWith('q.') && w.answer.length > 0) seen.add('wildcard');
      if (w.answer.some((a) => a.split(' ')[0] === name && / CNAME /.test(a))) seen.add('cname');
      if (w.answer.some((a) => a.includes('" "'))) seen.add('txt-split');
    };
    await fc.assert(
      fc.asyncProperty(randomZone, async (z) => {
        // From an empty zone: a file that drops a record's `settings` leaves them live (see the report), which
        // would make the live zone differ from the file the resolver reads.
        await converge(h, config(EMPTY_ZONE));
        const c = config(z.yaml);
        await converge(h, c);
        const view = zoneViewOf(c, h.emulator.zones[0].name_servers);
        for (const name of questions(z)) {
          for (const type of TYPES) {
            const wire = fromWire(await ask(name, type));
            const resolved = fromResolve(resolveName(view, name, type));
            expect(wire, `${name} ${type}\n${z.yaml}`).toEqual(resolved);
            note(wire, name, type);
          }
        }
      }),
      { numRuns: Number(process.env.DNS_DIFF_RUNS ?? 25), seed: Number(process.env.DNS_DIFF_SEED ?? 20261122), endOnFailure: true },
    );
    expect([...seen].sort()).toEqual([
      'NXDOMAIN',
      'REFUSED',
      'answer',
      'cname',
      'glue',
      'nodata',
      'proxied',
      'referral',
      'synthesized-https',
      'txt-split',
      'wildcard',
    ]);
  });
});
