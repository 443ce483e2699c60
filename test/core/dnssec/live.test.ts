/** The service's DNSSEC answer read as untrusted input, and the DS taken from it only when it agrees with itself. */
import { describe, expect, it } from 'vitest';
import { decodeDnssec, describeLiveStatus, dsJson, renderDsMarkdown, renderDsText } from '../../../src/core/dnssec/index.js';

const DIGEST = '2DDACAFA0B3E0AE4DF96FE60CBF2D1F12D9C0AAF1A4E93B0A2DC7F7D5E412125';
/** The shape the emulator answers (src/emulator/README.md, "DNSSEC"), with a consistent DS. */
const PENDING = {
  algorithm: '13',
  digest: DIGEST,
  digest_algorithm: 'SHA256',
  digest_type: '2',
  dnssec_multi_signer: false,
  dnssec_presigned: false,
  dnssec_use_nsec3: true,
  ds: `example.com. 3600 IN DS 53841 13 2 ${DIGEST}`,
  flags: 257,
  key_tag: 53841,
  key_type: 'ECDSAP256SHA256',
  modified_on: '2026-11-26T18:37:56Z',
  public_key: 'TxWrz+AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/OdQ==',
  status: 'pending',
};
/** GET before any enable: "deleted" (https://developers.cloudflare.com/dns/dnssec/dnssec-states/). */
const DELETED = {
  algorithm: null,
  digest: null,
  digest_algorithm: null,
  digest_type: null,
  dnssec_multi_signer: false,
  dnssec_presigned: false,
  dnssec_use_nsec3: false,
  ds: null,
  flags: null,
  key_tag: null,
  key_type: null,
  modified_on: null,
  public_key: null,
  status: 'disabled',
};

describe('decodeDnssec', () => {
  it('reads status, flags, modified_on and a consistent key', () => {
    const live = decodeDnssec('example.com', PENDING);
    expect(live).toEqual({
      zone: 'example.com',
      status: 'pending',
      deleted: false,
      flags: { multi_signer: false, use_nsec3: true, presigned: false },
      modifiedOn: '2026-11-26T18:37:56Z',
      key: {
        flags: 257,
        publicKey: PENDING.public_key,
        keyType: 'ECDSAP256SHA256',
        ds: { owner: 'example.com', ttl: 3600, keyTag: 53841, algorithm: 13, digestType: 2, digest: DIGEST, text: PENDING.ds },
      },
    });
    expect(describeLiveStatus(live)).toBe('pending (enabled; waiting for the DS record at the registrar)');
  });

  it('reads the deleted state: disabled, modified_on null, no key', () => {
    const live = decodeDnssec('example.com', DELETED);
    expect(live).toMatchObject({ status: 'disabled', deleted: true, modifiedOn: null });
    expect(live.key).toBeUndefined();
    expect(live.keyProblem).toBeUndefined();
    expect(describeLiveStatus(live)).toBe('disabled (never enabled, or deleted)');
  });

  it('takes absent flags as the service default, false', () => {
    expect(decodeDnssec('example.com', { status: 'active', modified_on: '2026-01-01T00:00:00Z' }).flags).toEqual({
      multi_signer: false,
      use_nsec3: false,
      presigned: false,
    });
  });

  it("does not show the API reference's own example DS: its key_tag (42) disagrees with its ds (16953)", () => {
    // The example of the API reference (cloudflare/api-schemas openapi.json; cloudflare-go v0 dnssec_test.go).
    const example = {
      status: 'active',
      flags: 257,
      algorithm: '13',
      key_type: 'ECDSAP256SHA256',
      digest_type: '2',
      digest_algorithm: 'SHA256',
      digest: '48E939042E82C22542CB377B580DFDC52A361CEFDC72E7F9107E2B6BD9306A45',
      ds: 'example.com. 3600 IN DS 16953 13 2 48E939042E82C22542CB377B580DFDC52A361CEFDC72E7F9107E2B6BD9306A45',
      key_tag: 42,
      public_key: 'oXiGYrSTO+LSCJ3mohc8EP+CzF9KxBj8/ydXJ22pKuZP3VAC3/Md/k7xZfz470CoRyZJ6gV6vml07IC3d8xqhA==',
      modified_on: '2014-01-01T05:20:00Z',
    };
    const live = decodeDnssec('example.com', example);
    expect(live.status).toBe('active');
    expect(live.key).toBeUndefined();
    expect(live.keyProblem).toBe('ds does not agree with key_tag, algorithm, digest_type and digest');
  });

  const unusableKeys: ReadonlyArray<[string, Record<string, unknown>, string]> = [
    [
      'a key half there',
      { ds: null, digest: null },
      'the answer has algorithm, digest_type, flags, key_tag, public_key but not digest, ds',
    ],
    ['a ds of another zone', { ds: `other.example. 3600 IN DS 53841 13 2 ${DIGEST}` }, 'ds names another owner than the zone example.com'],
    [
      'a digest of the wrong length',
      { digest: DIGEST.slice(2), ds: `example.com. 3600 IN DS 53841 13 2 ${DIGEST.slice(2)}` },
      'digest has 62 hex digits, digest type 2 has 64',
    ],
    ['a digest that is not hex', { digest: `${DIGEST.slice(2)}ZZ` }, 'digest is not hexadecimal'],
    ['a key tag out of range', { key_tag: 70000 }, 'key_tag is not a number 0..65535'],
    [
      'a ds with a terminal escape',
      { ds: `example.com. 3600 IN DS 53841 13 2 ${DIGEST}\u001b[2J` },
      'ds is not "<zone>. <ttl> IN DS <key tag> <algorithm> <digest type> <digest>"',
    ],
    ['a public key that is not base64', { public_key: 'not base64!' }, 'public_key is not base64'],
  ];
  it.each(unusableKeys)('leaves out %s, saying why (and never echoing it)', (_what, patch, why) => {
    const live = decodeDnssec('example.com', { ...PENDING, ...patch });
    expect(live.status).toBe('pending');
    expect(live.key).toBeUndefined();
    expect(live.keyProblem).toBe(why);
  });

  const refused: ReadonlyArray<[string, unknown, string]> = [
    ['no object', 'active', 'result is not an object'],
    [
      'an unknown status',
      { ...PENDING, status: 'paused' },
      'status "paused" is none of active, pending, disabled, pending-disabled, error',
    ],
    ['a hostile status', { ...PENDING, status: '\u001b]0;owned\u0007' }, 'the status is none of'],
    ['a flag that is no boolean', { ...PENDING, dnssec_use_nsec3: 'true' }, 'dnssec_use_nsec3 is not true or false'],
    ['a bad timestamp', { ...PENDING, modified_on: 'yesterday' }, 'modified_on is not a timestamp'],
  ];
  it.each(refused)('refuses an answer with %s (API_BAD_RESPONSE)', (_what, answer, message) => {
    expect(() => decodeDnssec('example.com', answer)).toThrow(
      expect.objectContaining({ code: 'API_BAD_RESPONSE', message: expect.stringContaining(message) }) as unknown as Error,
    );
  });
});

describe('the DS for the registrar', () => {
  const ds = decodeDnssec('example.com', PENDING).key!.ds;
  it('renders text, JSON (the service forms) and markdown', () => {
    expect(renderDsText(ds)).toEqual([
      `DS record for the registrar: example.com. 3600 IN DS 53841 13 2 ${DIGEST}`,
      '  key tag 53841, algorithm 13 (ECDSAP256SHA256), digest type 2 (SHA-256)',
      `  digest ${DIGEST}`,
    ]);
    expect(dsJson(ds)).toEqual({ ds: PENDING.ds, key_tag: 53841, algorithm: '13', digest_type: '2', digest: DIGEST });
    expect(renderDsMarkdown(ds).join('\n')).toBe(
      [
        '| DS field | value |',
        '| --- | --- |',
        '| key tag | 53841 |',
        '| algorithm | 13 (ECDSAP256SHA256) |',
        '| digest type | 2 (SHA-256) |',
        `| digest | \`${DIGEST}\` |`,
        '',
        '```',
        PENDING.ds,
        '```',
      ].join('\n'),
    );
  });

  it('normalises the digest to upper case and the owner to the zone', () => {
    const lower = decodeDnssec('example.com', {
      ...PENDING,
      digest: DIGEST.toLowerCase(),
      ds: `EXAMPLE.com 3600 IN DS 53841 13 2 ${DIGEST.toLowerCase()}`,
    });
    expect(lower.key?.ds.text).toBe(PENDING.ds);
  });
});
