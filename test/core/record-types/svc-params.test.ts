import { describe, expect, it } from 'vitest';
import { canonicalSvcParams, normalizeRecord, recordKey } from '../../../src/core/model/index.js';
import { renderDataContent } from '../../../src/core/record-types/index.js';

describe('HTTPS/SVCB SvcParams: one canonical presentation (RFC 9460)', () => {
  it('single spaces, no leading or trailing space, quoted values', () => {
    expect(canonicalSvcParams(' alpn="h2"')).toBe('alpn="h2"');
    expect(canonicalSvcParams('alpn=h2   port=443 ')).toBe('alpn="h2" port="443"');
    expect(canonicalSvcParams('\talpn="h3,h2"\n ipv4hint=192.0.2.1')).toBe('alpn="h3,h2" ipv4hint="192.0.2.1"');
  });

  it('orders keys by their number: mandatory, alpn, no-default-alpn, port, ipv4hint, ech, ipv6hint, then keyNNNN', () => {
    expect(
      canonicalSvcParams('key65280=x ipv6hint=::1 ech=AEj+ key7=y ipv4hint=192.0.2.1 port=443 no-default-alpn alpn=h2 mandatory=alpn,port'),
    ).toBe(
      'mandatory="alpn,port" alpn="h2" no-default-alpn port="443" ipv4hint="192.0.2.1" ech="AEj+" ipv6hint="::1" key7="y" key65280="x"',
    );
    // keyNNNN by number, not by text
    expect(canonicalSvcParams('key100=a key20=b')).toBe('key20="b" key100="a"');
  });

  it('a key without a value and the same key with an empty value are one form (no-default-alpn="")', () => {
    expect(canonicalSvcParams('no-default-alpn="" alpn=h3,h2')).toBe(canonicalSvcParams('alpn="h3,h2" no-default-alpn'));
  });

  it('keeps escapes and spaces inside quoted values', () => {
    expect(canonicalSvcParams('key667="hello world" alpn="f\\\\oo\\,bar,h2"')).toBe('alpn="f\\\\oo\\,bar,h2" key667="hello world"');
  });

  it('returns text that does not parse trimmed, unchanged otherwise', () => {
    expect(canonicalSvcParams(' alpn="h2 ')).toBe('alpn="h2');
  });

  it('HTTPS and SVCB records written with a leading space, unquoted or in another order normalize equal', () => {
    const n = (type: 'HTTPS' | 'SVCB', value: string, target = '.') =>
      normalizeRecord({ name: '@', type, data: { priority: 1, target, value } }, 'example.com');
    for (const type of ['HTTPS', 'SVCB'] as const) {
      const recorded = n(type, 'alpn="h3,h2" ipv4hint="152.53.36.213" ipv6hint="2a0a:4cc0:2000:172::1"');
      expect(n(type, ' ipv6hint=2a0a:4cc0:2000:172::1 alpn="h3,h2"  ipv4hint=152.53.36.213')).toEqual(recorded);
      expect(recordKey(n(type, ' alpn=h3,h2 ipv4hint=152.53.36.213 ipv6hint=2a0a:4cc0:2000:172::1'))).toBe(recordKey(recorded));
      expect(n(type, 'alpn="h2"')).not.toEqual(n(type, 'alpn="h3"'));
      expect(n(type, 'alpn=h2', 'svc.example.net.')).toEqual(n(type, 'alpn=h2', 'SVC.example.net'));
    }
  });

  it('content renders the target absolute, with its trailing dot', () => {
    expect(renderDataContent('HTTPS', { priority: 1, target: 'svc.example.net', value: 'alpn="h2"' })).toBe('1 svc.example.net. alpn="h2"');
    expect(renderDataContent('SVCB', { priority: 1, target: '.', value: 'alpn="h3,h2"' })).toBe('1 . alpn="h3,h2"');
    expect(renderDataContent('SVCB', { priority: 0, target: 'svc.example.net' })).toBe('0 svc.example.net.');
  });

  it('NAPTR content renders the replacement absolute too (as recorded)', () => {
    expect(
      renderDataContent('NAPTR', {
        order: 30,
        preference: 100,
        flags: 'S',
        service: 'SIP+D2T',
        regex: '',
        replacement: '_sip._tls.unit.tests',
      }),
    ).toBe('30 100 "S" "SIP+D2T" "" _sip._tls.unit.tests.');
    expect(
      renderDataContent('NAPTR', {
        order: 1,
        preference: 1,
        flags: 'U',
        service: 'E2U+sip',
        regex: '!^.*$!sip:a@example.com!',
        replacement: '.',
      }),
    ).toBe('1 1 "U" "E2U+sip" "!^.*$!sip:a@example.com!" .');
  });
});

describe('canonicalSvcParams is idempotent', () => {
  it('on any text (fast-check)', async () => {
    const fc = (await import('fast-check')).default;
    const piece = fc.constantFrom('alpn', 'port', 'key7', 'no-default-alpn', '=', '"', '\\', ' ', '  ', 'h2', ',', 'x y', '\t');
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 12 }).map((p) => p.join('')),
        (text) => {
          const once = canonicalSvcParams(text);
          expect(canonicalSvcParams(once)).toBe(once);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
