/**
 * The DNSControl importer's readers of SMIMEA and OPENPGPKEY, and its refusal of URI and CERT,
 * from DNSControl's own representation: the IR its parse tests print for its builders
 * (https://github.com/StackExchange/dnscontrol/tree/main/pkg/js/parse_tests, each `.js` with the
 * `.json` DNSControl prints for it, validated and normalized as `dnscontrol print-ir` does). Those
 * domains name no DNS provider; here they are served by a CLOUDFLAREAPI one, as the importer reads
 * only those.
 */
import { describe, expect, it } from 'vitest';
import { readDnscontrolIr } from '../../../../src/core/migrate/dnscontrol/dnscontrol-ir.js';

const onCloudflare = (name: string, records: readonly Record<string, unknown>[]) => ({
  dns_providers: [{ name: 'cloudflare', type: 'CLOUDFLAREAPI' }],
  domains: [{ name, dnsProviders: { cloudflare: -1 }, records }],
  registrars: [],
});

/** pkg/js/parse_tests/056-openpgpkey.json: the key as print-ir writes it (base64), for a key given in hex or in base64. */
const OPENPGPKEY_BASE64 =
  'mDMEAAAAARYJKwYBBAHaRw8BAQdAFHHsHVzE1rvYcCmX7Sn5X3p71eF5qo02mO/IuULrCPW0JEV4YW1wbGUgMSA8ZXhhbXBsZS0xQGRuc2NvbnRyb2wub3JnPoh+BBMWCgAmFiEEkwXxX/eDCW05Qn5tBI42Nn4+OuIFAgAAAAECGwECHgUCF4AACgkQBI42Nn4+OuL/qgD/S2rZm2Lafp11mr5q4jIBZ4DCS/Xl+Gm4ADvoPGpzkzwBALZqxlCToP4KQ0RI2ZlqtGQSy+fHDVxat0q7pFZsRo0K';
/** pkg/js/parse_tests/056-openpgpkey.js: the same key written in hex (the `hex.example.com` domain). */
const OPENPGPKEY_HEX =
  '9833040000000116092b06010401da470f010107401471ec1d5cc4d6bbd87029' +
  '97ed29f95f7a7bd5e179aa8d3698efc8b942eb08f5b4244578616d706c652031' +
  '203c6578616d706c652d3140646e73636f6e74726f6c2e6f72673e887e041316' +
  '0a00261621049305f15ff783096d39427e6d048e36367e3e3ae2050200000001' +
  '021b01021e05021780000a0910048e36367e3e3ae2ffaa00ff4b6ad99b62da7e' +
  '9d759abe6ae232016780c24bf5e5f869b8003be83c6a73933c0100b66ac65093' +
  'a0fe0a434448d9996ab46412cbe7c70d5c5ab74abba4566c468d0a';
const OPENPGPKEY_NAME = 'bb7d0cf1ee44aca0bcc0f739b77b935f13aec2fd537f5c29dedd883d._openpgpkey';

describe('DNSControl SMIMEA and OPENPGPKEY', () => {
  it('reads SMIMEA as pkg/js/parse_tests/057-smimea.json prints it: the name with ._smimecert, the numbers left out when 0', () => {
    const record = {
      filepos: '[line:2:5]',
      name: 'f10e7de079689f55c0cdd6782e4dd1448c84006962a4bd832e8eff73._smimecert',
      smimeausage: 3,
      target: 'mdfiytq3mtljodbinmzlotexyja5mwe3yza1mti0yjy0zwvly2u5njrlmdljmdu4zwy4zjk4mdvkywnhntq2yiaglqo=',
      ttl: 300,
      type: 'SMIMEA',
    };
    const r = readDnscontrolIr(onCloudflare('foo.com', [record]), 'ir.json');
    expect(r.problems).toEqual([]);
    expect(r.zones[0]?.records).toEqual([
      expect.objectContaining({
        name: 'f10e7de079689f55c0cdd6782e4dd1448c84006962a4bd832e8eff73._smimecert.foo.com',
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
          name: 'f10e7de079689f55c0cdd6782e4dd1448c84006962a4bd832e8eff73._smimecert',
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
