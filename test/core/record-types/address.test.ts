/**
 * A and AAAA records' own checks (src/core/record-types/address.ts).
 */
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../../src/core/yaml/index.js';
import { errors, expectProblem, load, withRecords } from '../zonefile/helpers.js';
import { expectPresentationReadsBack } from './samples.js';

// withRecords(): line 1 version, 2 zone, 3 `records:`, 4 the first record, 5 the second, ...

describe('A/AAAA content', () => {
  it('rejects an invalid IPv4 address, naming it', () => {
    const { problems } = load(withRecords('{ name: "@", type: A, content: 192.0.2.1 }', '{ name: www, type: A, content: 300.1.1.1 }'));
    const p = expectProblem(problems, { line: 5, message: /"300\.1\.1\.1" is not an IPv4 address/, path: 'records[1].content' });
    expect(formatProblem(p)).toBe('zone.yaml:5:36 records[1].content: "300.1.1.1" is not an IPv4 address');
  });

  it('rejects an IPv6 address in an A record with a hint, and an IPv4 address in AAAA', () => {
    const { problems } = load(withRecords('{ name: a, type: A, content: "2001:db8::1" }', '{ name: b, type: AAAA, content: 192.0.2.1 }'));
    expectProblem(problems, { line: 4, message: /not an IPv4 address \(an IPv6 address belongs in an AAAA record\)/ });
    expectProblem(problems, { line: 5, message: /not an IPv6 address \(an IPv4 address belongs in an A record\)/ });
  });

  it('rejects addresses of the service network (IPv4 and IPv6)', () => {
    const { problems } = load(withRecords('{ name: a, type: A, content: 104.16.1.1 }', '{ name: b, type: AAAA, content: "2606:4700::1" }'));
    expectProblem(problems, { line: 4, message: /104\.16\.1\.1 belongs to the service's own network/ });
    expectProblem(problems, { line: 5, message: /2606:4700::1 belongs to the service's own network/ });
  });

  it('rejects proxying a private, loopback or CGNAT address; documentation ranges are proxiable', () => {
    const { problems } = load(
      withRecords(
        '{ name: a, type: A, content: 10.1.2.3, proxied: true }',
        '{ name: b, type: A, content: 127.0.0.1, proxied: true }',
        '{ name: c, type: A, content: 100.64.0.1, proxied: true }',
        '{ name: d, type: A, content: 192.0.2.1, proxied: true }',
        '{ name: e, type: A, content: 10.1.2.3 }',
      ),
    );
    expectProblem(problems, { line: 4, message: /10\.1\.2\.3 is a private.*cannot be proxied/, path: 'records[0].proxied' });
    expectProblem(problems, { line: 5, message: /127\.0\.0\.1 .*cannot be proxied/ });
    expectProblem(problems, { line: 6, message: /100\.64\.0\.1 .*cannot be proxied/ });
    expect(errors(problems)).toHaveLength(3);
  });
});

describe('A and AAAA presentation form', () => {
  it('A: presentation form reads back as the value it was written from', () => expectPresentationReadsBack('A'));
  it('AAAA: presentation form reads back as the value it was written from', () => expectPresentationReadsBack('AAAA'));
});

describe('private network routing (issue 43, item 2)', () => {
  // https://developers.cloudflare.com/dns/manage-dns-records/how-to/private-network-routing/
  it.each(['10.0.0.50', '172.16.5.5', '192.168.1.1', '100.64.0.9'])('a proxied A with private_routing may point at %s', (ip) => {
    const { problems, config } = load(withRecords(`{ name: app, type: A, content: ${ip}, proxied: true, private_routing: true }`));
    expect(problems).toEqual([]);
    expect(config?.records[0]?.record).toMatchObject({ proxied: true, private_routing: true, content: ip });
  });

  it('and a proxied AAAA in fc00::/7; loopback, link-local and other reserved addresses stay refused', () => {
    expect(load(withRecords('{ name: app, type: AAAA, content: "fd00::5", proxied: true, private_routing: true }')).problems).toEqual([]);
    const { problems } = load(
      withRecords(
        '{ name: lo, type: A, content: 127.0.0.1, proxied: true, private_routing: true }',
        '{ name: ll, type: AAAA, content: "fe80::1", proxied: true, private_routing: true }',
      ),
    );
    expect(errors(problems).map((p) => [p.line, p.code])).toEqual([
      [4, 'proxied.address'],
      [5, 'proxied.address'],
    ]);
  });

  it('a proxied private address without private_routing is refused, naming it as the way', () => {
    const { problems } = load(withRecords('{ name: app, type: A, content: 10.0.0.50, proxied: true }'));
    expectProblem(problems, {
      line: 4,
      message:
        /10\.0\.0\.50 is a private.*cannot be proxied; set proxied: false, or set private_routing: true \(private network routing, Enterprise\)/,
    });
    const off = load(withRecords('{ name: app, type: A, content: 10.0.0.50, proxied: true, private_routing: false }'));
    expect(errors(off.problems).map((p) => p.code)).toEqual(['proxied.address']);
  });

  it('private_routing needs proxied: true ("Records must be proxied")', () => {
    const { problems } = load(withRecords('{ name: app, type: A, content: 10.0.0.50, private_routing: true }'));
    expectProblem(problems, { line: 4, path: 'records[0].private_routing', message: /private_routing needs a proxied record/ });
  });

  it('a public proxied address may set private_routing too (an origin only the tunnel reaches)', () => {
    const { problems, config } = load(withRecords('{ name: app, type: A, content: 192.0.2.10, proxied: true, private_routing: true }'));
    expect(problems).toEqual([]);
    expect(config?.records[0]?.record.private_routing).toBe(true);
  });

  it('only A and AAAA have the field (the schema refuses it elsewhere)', () => {
    const { problems } = load(withRecords('{ name: app, type: CNAME, content: t.example.net, proxied: true, private_routing: true }'));
    expect(errors(problems).map((p) => p.path)).toEqual(['records[0].private_routing']);
  });
});
