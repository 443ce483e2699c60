/**
 * Host names in values (src/core/zonefile/rules/targets.ts).
 */
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../../../src/core/yaml/index.js';
import { expectProblem, load, withRecords } from '../helpers.js';

// withRecords(): line 1 version, 2 zone, 3 `records:`, 4 the first record, 5 the second, ...

const APEX_A = '{ name: "@", type: A, content: 192.0.2.1 }';

describe('CNAME', () => {
  it('content must be a host name, not an address', () => {
    const { problems } = load(
      withRecords(
        '{ name: "@", type: A, content: 192.0.2.1 }',
        '{ name: a, type: CNAME, content: 192.0.2.9 }',
        '{ name: b, type: CNAME, content: "x..example.net" }',
      ),
    );
    expectProblem(problems, { line: 5, message: /CNAME target must be a host name, not an address/ });
    expectProblem(problems, { line: 6, message: /CNAME target "x\.\.example\.net" has an empty label/ });
  });
});

describe('targets', () => {
  it('accept `_` labels and the root `.` (null MX, SRV "no service", HTTPS target)', () => {
    const { problems } = load(
      withRecords(
        '{ name: "@", type: A, content: 192.0.2.1 }',
        '{ name: a, type: CNAME, content: _x._domainkey.example.net }',
        '{ name: "@", type: MX, content: ., priority: 0 }',
        '{ name: _sip._udp, type: SRV, data: { priority: 0, weight: 0, port: 0, target: . } }',
        '{ name: "@", type: HTTPS, data: { priority: 1, target: ., value: "alpn=h2" } }',
        '{ name: n, type: NS, content: ns1._internal.example.net }',
      ),
    );
    expect(problems.map(formatProblem)).toEqual([]);
  });

  it('reject malformed targets in MX content and SRV data', () => {
    const { problems } = load(
      withRecords(
        '{ name: "@", type: A, content: 192.0.2.1 }',
        '{ name: "@", type: MX, content: "mail server.example.net", priority: 10 }',
        '{ name: _sip._tcp, type: SRV, data: { priority: 1, weight: 1, port: 5060, target: "sip..example.com" } }',
      ),
    );
    expectProblem(problems, { line: 5, message: /mail server "mail server\.example\.net" has a label with characters other than/ });
    expectProblem(problems, { line: 6, message: /SRV target "sip\.\.example\.com" has an empty label/, path: 'records[2].data.target' });
  });

  it('a single-label target warns that it likely means a name in the zone (CNAME, MX, NS, PTR, SRV, HTTPS)', () => {
    const { problems, config } = load(
      withRecords(
        APEX_A,
        '{ name: a, type: CNAME, content: c3 }',
        '{ name: "@", type: MX, content: mail, priority: 10 }',
        '{ name: sub, type: NS, content: ns1 }',
        '{ name: _sip._tcp, type: SRV, data: { priority: 1, weight: 1, port: 5060, target: sip } }',
        '{ name: "@", type: HTTPS, data: { priority: 1, target: svc, value: "alpn=h2" } }',
        '{ name: m2, type: MX, content: ., priority: 0 }',
      ),
    );
    expectProblem(problems, {
      line: 5,
      severity: 'warning',
      message: /CNAME target `c3` is a single label: .*did you mean c3\.example\.com\?/,
    });
    expectProblem(problems, { line: 6, severity: 'warning', message: /mail server `mail` is a single label.*mail\.example\.com/ });
    expectProblem(problems, { line: 7, severity: 'warning', message: /name server `ns1` is a single label/ });
    expectProblem(problems, { line: 8, severity: 'warning', message: /SRV target `sip` is a single label/ });
    expectProblem(problems, { line: 9, severity: 'warning', message: /HTTPS target `svc` is a single label/ });
    expect(problems.filter((p) => p.line === 10)).toEqual([]);
    expect(config).toBeDefined();
  });
});
