/**
 * The DNSControl importer's readers of SMIMEA and OPENPGPKEY, and its refusal of URI and CERT,
 * from DNSControl's own representation: the IR its parse tests print for its builders
 * (test/fixtures/migrate/dnscontrol/parse-tests.ts names them).
 */
import { describe, expect, it } from 'vitest';
import { readDnscontrolIr } from '../../../../src/core/migrate/dnscontrol/dnscontrol-ir.js';
import {
  irOnCloudflare as onCloudflare,
  OPENPGPKEY_BASE64,
  OPENPGPKEY_HEX,
  OPENPGPKEY_NAME,
  SMIMEA_NAME,
} from '../../../fixtures/migrate/dnscontrol/parse-tests.js';

describe('DNSControl SMIMEA and OPENPGPKEY', () => {
  it('reads SMIMEA as pkg/js/parse_tests/057-smimea.json prints it: the name with ._smimecert, the numbers left out when 0', () => {
    const record = {
      filepos: '[line:2:5]',
      name: SMIMEA_NAME,
      smimeausage: 3,
      target: 'mdfiytq3mtljodbinmzlotexyja5mwe3yza1mti0yjy0zwvly2u5njrlmdljmdu4zwy4zjk4mdvkywnhntq2yiaglqo=',
      ttl: 300,
      type: 'SMIMEA',
    };
    const r = readDnscontrolIr(onCloudflare('foo.com', [record]), 'ir.json');
    expect(r.problems).toEqual([]);
    expect(r.zones[0]?.records).toEqual([
      expect.objectContaining({
        name: `${SMIMEA_NAME}.foo.com`,
        type: 'SMIMEA',
        ttl: 300,
        // zonectl's canonical form of hex data is upper case (the parse test's certificate is not hex:
        // DNSControl does not check it; zonectl's own check of the written file does).
        data: { usage: 3, selector: 0, matching_type: 0, certificate: record.target.toUpperCase() },
      }),
    ]);
  });

  it('reads the three SMIMEA numbers when DNSControl writes them (SMIMEA.md: usage, selector, type, then the hex certificate)', () => {
    const r = readDnscontrolIr(
      onCloudflare('example.com', [
        {
          name: SMIMEA_NAME,
          smimeausage: 3,
          smimeaselector: 1,
          smimeamatchingtype: 2,
          target: '30820353308202f8a003020102',
          ttl: 300,
          type: 'SMIMEA',
        },
      ]),
      'ir.json',
    );
    expect(r.zones[0]?.records[0]?.data).toEqual({ usage: 3, selector: 1, matching_type: 2, certificate: '30820353308202F8A003020102' });
  });

  it('reads OPENPGPKEY as print-ir writes it (base64), and a key print-ir --raw leaves in hex as DNSControl reads it', () => {
    const printed = readDnscontrolIr(
      onCloudflare('base64.example.com', [
        { filepos: '[line:21:5]', name: OPENPGPKEY_NAME, target: OPENPGPKEY_BASE64, ttl: 300, type: 'OPENPGPKEY' },
      ]),
      'ir.json',
    );
    expect(printed.problems).toEqual([]);
    expect(printed.zones[0]?.records.map((x) => [x.name, x.type, x.content])).toEqual([
      [`${OPENPGPKEY_NAME}.base64.example.com`, 'OPENPGPKEY', OPENPGPKEY_BASE64],
    ]);
    // The hex domain of 056-openpgpkey.js before DNSControl's validation: the .json DNSControl prints for it holds the base64 key.
    const raw = readDnscontrolIr(
      onCloudflare('hex.example.com', [{ name: OPENPGPKEY_NAME, target: OPENPGPKEY_HEX, type: 'OPENPGPKEY' }]),
      'ir.json',
    );
    expect(raw.zones[0]?.records.map((x) => x.content)).toEqual([OPENPGPKEY_BASE64]);
    expect(
      readDnscontrolIr(
        onCloudflare('hex.example.com', [{ name: OPENPGPKEY_NAME, target: OPENPGPKEY_HEX.toUpperCase(), type: 'OPENPGPKEY' }]),
        'ir.json',
      ).zones[0]?.records[0]?.content,
    ).toBe(OPENPGPKEY_BASE64);
  });

  it("says in the report that DNSControl's Cloudflare provider never wrote them", () => {
    const r = readDnscontrolIr(
      onCloudflare('base64.example.com', [
        { filepos: '[line:21:5]', name: OPENPGPKEY_NAME, target: OPENPGPKEY_BASE64, ttl: 300, type: 'OPENPGPKEY' },
      ]),
      'ir.json',
    );
    expect(r.report.zones[0]?.items).toEqual([
      {
        kind: 'meaning_changes',
        subject: `${OPENPGPKEY_NAME} OPENPGPKEY ${OPENPGPKEY_BASE64}`,
        detail: expect.stringMatching(
          /^DNSControl's Cloudflare provider does not write OPENPGPKEY records .*a plan creates it unless it is live$/,
        ),
        at: { file: 'dnsconfig.js', line: 21 },
      },
    ]);
  });
});

describe('DNSControl URI and CERT', () => {
  it('refuses them as types DNSControl does not have, naming the record and the way out', () => {
    const r = readDnscontrolIr(
      onCloudflare('example.com', [
        { name: '_sip._tcp', type: 'URI', target: 'sip:a@example.com', ttl: 300 },
        { name: 'pgp', type: 'CERT', target: 'AQID', ttl: 300 },
      ]),
      'ir.json',
    );
    expect(r.zones[0]?.records).toEqual([]);
    expect(r.problems.map((p) => p.message)).toEqual([
      'example.com: _sip._tcp URI sip:a@example.com: DNSControl has no URI record type (no URI() in its language reference, no field for it in models/record.go), so this is not what `dnscontrol print-ir` writes: write the URI record in the zone file by hand (DNSControl record types: docs/language-reference)',
      'example.com: pgp CERT AQID: DNSControl has no CERT record type (no CERT() in its language reference, no field for it in models/record.go), so this is not what `dnscontrol print-ir` writes: write the CERT record in the zone file by hand (DNSControl record types: docs/language-reference)',
    ]);
    expect(r.problems.every((p) => !/unknown record type/.test(p.message))).toBe(true);
  });
});
