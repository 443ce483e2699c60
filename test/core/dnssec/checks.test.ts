/**
 * The DNSSEC rules (validate) and lint checks of a zone file, on records loaded by the real
 * zone-file pipeline (so that its records and problems are what these checks take and give),
 * each check tripped by one file and quiet on another; every code they emit is registered with
 * a source where it can refuse.
 */
import { describe, expect, it } from 'vitest';
import {
  checkDnssecRules,
  DNSSEC_LINT_CHECKS,
  DNSSEC_RULE_CHECKS,
  dnssecLintId,
  lintDnssec,
  type DesiredDnssec,
  type DnssecCheckInput,
  type DnssecLintCode,
  type DnssecProblem,
} from '../../../src/core/dnssec/index.js';
import { formatProblem, type Problem } from '../../../src/core/yaml/index.js';
import { parseZoneFile } from '../../../src/core/zonefile/index.js';

const KEY = 'mdsswUyr3DPW132mOi8V9xESWE8jTo0dxCjjnopKl+GqJxpVXckHAeF+KkxLbxILfDLUT0rAK9iUzy1L53eKGQ==';
const SHA256 = 'AB'.repeat(32);

function input(records: string, dnssec?: DesiredDnssec, extra: Partial<DnssecCheckInput> = {}): DnssecCheckInput {
  const text = `version: 1\nzone: example.com\nrecords:\n${records}\n`;
  const { config, problems } = parseZoneFile({ path: 'z.yaml', text }, {});
  expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
  return {
    file: 'z.yaml',
    zone: config!.zone,
    records: config!.records,
    ...(dnssec !== undefined ? { dnssec: { desired: dnssec, at: { line: 9, col: 1 }, fields: { presigned: { line: 11, col: 3 } } } } : {}),
    ...extra,
  };
}

/** A problem as every command prints it (src/core/zonefile `formatProblem`): these are the project's problems. */
const shown = (problems: DnssecProblem[]): string[] => problems.map((p) => formatProblem(p satisfies Problem));

const DNSKEY = `  - { name: "@", type: DNSKEY, data: { flags: 256, protocol: 3, algorithm: 13, public_key: "${KEY}" } }`;

describe('checkDnssecRules', () => {
  it('dnssec.dnskey-multi-signer: an error when the file turns multi_signer off, a warning when it leaves it unmanaged', () => {
    expect(shown(checkDnssecRules(input(DNSKEY, { status: 'active', multi_signer: false })))).toEqual([
      expect.stringMatching(
        /^z\.yaml:4:5 records\[0\]\.type: a DNSKEY record needs multi-signer DNSSEC, and the file sets dnssec\.multi_signer: false/,
      ),
    ]);
    for (const dnssec of [undefined, { status: 'active' } as const]) {
      const problems = checkDnssecRules(input(DNSKEY, dnssec));
      expect(problems.map((p) => [p.severity, p.code])).toEqual([['warning', 'dnssec.dnskey-multi-signer']]);
      expect(problems[0].message).toContain('add dnssec: { status: active, multi_signer: true }');
    }
    expect(checkDnssecRules(input(DNSKEY, { status: 'active', multi_signer: true }))).toEqual([]);
  });

  it('dnssec.presigned warns at the field', () => {
    const problems = checkDnssecRules(input('  - { name: www, type: A, content: 192.0.2.1 }', { status: 'active', presigned: true }));
    expect(shown(problems)).toEqual([
      expect.stringMatching(/^z\.yaml:11:3 dnssec\.presigned: warning: presigned: true serves the signatures a primary/),
    ]);
    expect(checkDnssecRules(input('  - { name: www, type: A, content: 192.0.2.1 }', { status: 'active', presigned: false }))).toEqual([]);
  });

  it('dnssec.multi-signer-apex-ns warns unless settings.multi_provider is on', () => {
    const records = `${DNSKEY}\n  - { name: "@", type: NS, content: ns1.other-provider.net }`;
    const on: DesiredDnssec = { status: 'active', multi_signer: true };
    expect(checkDnssecRules(input(records, on)).map((p) => p.code)).toEqual(['dnssec.multi-signer-apex-ns']);
    expect(checkDnssecRules(input(records, on, { multiProvider: true }))).toEqual([]);
    expect(checkDnssecRules(input(DNSKEY, on))).toEqual([]);
  });

  it('emits registered codes only; every refusal has a source', () => {
    const all = [
      ...checkDnssecRules(input(DNSKEY, { status: 'active', multi_signer: false })),
      ...checkDnssecRules(
        input(`${DNSKEY}\n  - { name: "@", type: NS, content: ns1.o.net }`, { status: 'active', multi_signer: true, presigned: true }),
      ),
    ];
    for (const p of all) expect(Object.keys(DNSSEC_RULE_CHECKS)).toContain(p.code);
    for (const [id, facts] of Object.entries(DNSSEC_RULE_CHECKS)) {
      if (facts.severity !== 'warning') expect('source' in facts ? facts.source : undefined, id).toBeDefined();
    }
  });
});

describe('lintDnssec', () => {
  const table: ReadonlyArray<{ check: DnssecLintCode; records: string; dnssec?: DesiredDnssec; expect: RegExp }> = [
    {
      check: 'DELEGATION_WITHOUT_DS',
      records: '  - { name: sub, type: NS, content: ns1.sub-provider.net }\n  - { name: sub, type: NS, content: ns2.sub-provider.net }',
      dnssec: { status: 'active' },
      expect:
        /^z\.yaml:4:5 records\[0\]\.name: warning: the delegation of sub\.example\.com has no DS record while the zone is signed.*\[DELEGATION_WITHOUT_DS\]$/,
    },
    {
      check: 'DNSKEY_NOT_APEX',
      records: `  - { name: test, type: DNSKEY, data: { flags: 256, protocol: 3, algorithm: 13, public_key: "${KEY}" } }`,
      expect:
        /records\[0\]\.name: warning: a DNSKEY record at test\.example\.com: validators read DNSKEY records at the zone apex only; move it to "@" \[DNSKEY_NOT_APEX\]/,
    },
    {
      check: 'DNSKEY_PROTOCOL',
      records: `  - { name: "@", type: DNSKEY, data: { flags: 256, protocol: 2, algorithm: 13, public_key: "${KEY}" } }`,
      expect: /records\[0\]\.data\.protocol: warning: protocol 2: a DNSKEY with any protocol but 3 is invalid/,
    },
    {
      check: 'DNSKEY_FLAGS',
      records: `  - { name: "@", type: DNSKEY, data: { flags: 257, protocol: 3, algorithm: 13, public_key: "${KEY}" } }`,
      expect: /data\.flags: warning: flags 257: the multi-signer setup adds the other providers' zone-signing keys \(flags 256\)/,
    },
    {
      check: 'DNSKEY_FLAGS',
      records: `  - { name: "@", type: DNSKEY, data: { flags: 0, protocol: 3, algorithm: 13, public_key: "${KEY}" } }`,
      expect: /flags 0 lack the zone-key bit \(256\): the key cannot sign the zone/,
    },
    {
      check: 'DNSKEY_ALGORITHM',
      records: `  - { name: "@", type: DNSKEY, data: { flags: 256, protocol: 3, algorithm: 8, public_key: "${KEY}" } }`,
      expect: /data\.algorithm: warning: algorithm 8: the service signs with algorithm 13 only/,
    },
    {
      check: 'DS_DIGEST',
      records: `  - { name: sub, type: NS, content: ns1.o.net }\n  - { name: sub, type: DS, data: { key_tag: 1, algorithm: 13, digest_type: 2, digest: "${'AB'.repeat(20)}" } }`,
      expect: /records\[1\]\.data\.digest: warning: the digest has 40 hex digits, digest type 2 has 64/,
    },
    {
      check: 'DS_DIGEST_TYPE',
      records: `  - { name: sub, type: NS, content: ns1.o.net }\n  - { name: sub, type: DS, data: { key_tag: 1, algorithm: 13, digest_type: 1, digest: "${'AB'.repeat(20)}" } }`,
      expect:
        /digest type 1 \(SHA-1\) must not be used for new DS records; publish the DS with digest type 2 \(SHA-256\) \[DS_DIGEST_TYPE\]/,
    },
    {
      check: 'DS_ALGORITHM',
      records: `  - { name: sub, type: NS, content: ns1.o.net }\n  - { name: sub, type: DS, data: { key_tag: 1, algorithm: 5, digest_type: 2, digest: "${SHA256}" } }`,
      expect: /algorithm 5 should not be used to sign zones/,
    },
  ];
  it.each(table)('$check', ({ check, records, dnssec, expect: message }) => {
    const problems = lintDnssec(input(records, dnssec));
    const mine = problems.filter((p) => p.code === dnssecLintId(check));
    expect(mine.length).toBeGreaterThan(0);
    expect(shown(mine)).toContainEqual(expect.stringMatching(message));
    for (const p of problems) expect(p.severity).toBe('warning');
  });

  it('stays quiet on a signed zone with a secure delegation and a proper multi-signer key', () => {
    const records = [
      DNSKEY,
      '  - { name: sub, type: NS, content: ns1.o.net }',
      `  - { name: sub, type: DS, data: { key_tag: 2371, algorithm: 13, digest_type: 2, digest: "${SHA256}" } }`,
    ].join('\n');
    expect(lintDnssec(input(records, { status: 'active', multi_signer: true }))).toEqual([]);
  });

  it('does not ask for a DS while the file does not ask for DNSSEC', () => {
    const records = '  - { name: sub, type: NS, content: ns1.o.net }';
    expect(lintDnssec(input(records))).toEqual([]);
    expect(lintDnssec(input(records, { status: 'disabled' }))).toEqual([]);
  });

  it('has facts for every code', () => {
    for (const code of Object.keys(DNSSEC_LINT_CHECKS)) expect(dnssecLintId(code as DnssecLintCode)).toMatch(/^lint\.[a-z-]+$/);
  });
});
