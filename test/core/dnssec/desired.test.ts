/** The zone file's `dnssec` section: read on its own, and its JSON Schema agreeing with the reader. */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { DNSSEC_SECTION_SCHEMA, readDnssecSection } from '../../../src/core/dnssec/index.js';

describe('readDnssecSection', () => {
  it('reads status and the flags the file sets, leaving the others unmanaged', () => {
    expect(readDnssecSection({ status: 'active' })).toEqual({ kind: 'ok', desired: { status: 'active' } });
    expect(readDnssecSection({ status: 'disabled', multi_signer: true, use_nsec3: false })).toEqual({
      kind: 'ok',
      desired: { status: 'disabled', multi_signer: true, use_nsec3: false },
    });
  });

  const bad: ReadonlyArray<[string, unknown, RegExp]> = [
    ['no status', { multi_signer: true }, /^dnssec\.status: status is required: active or disabled$/],
    ['a reported state asked for', { status: 'pending' }, /pending is a state the service reports, not one to ask for: write active/],
    ['pending-disabled asked for', { status: 'pending-disabled' }, /write disabled/],
    ['a boolean status', { status: true }, /status is active or disabled \(write active\)/],
    ['another word', { status: 'on-ish' }, /status must be active or disabled, not "on-ish"/],
    ['a flag not boolean', { status: 'active', use_nsec3: 'yes' }, /^dnssec\.use_nsec3: use_nsec3 must be true or false, not "yes"$/],
    [
      'the API name of a flag',
      { status: 'active', dnssec_multi_signer: true },
      /unknown field "dnssec_multi_signer"; did you mean multi_signer\?/,
    ],
    [
      'an unknown field',
      { status: 'active', algorithm: 8 },
      /^dnssec\.algorithm: unknown field "algorithm" \(known: status, multi_signer, use_nsec3, presigned\)$/,
    ],
    ['not a mapping', 'active', /^dnssec: dnssec must be a mapping/],
  ];
  it.each(bad)('refuses %s, naming the path', (_what, value, message) => {
    const read = readDnssecSection(value);
    expect(read.kind).toBe('invalid');
    if (read.kind !== 'invalid') return;
    expect(read.problems.map((p) => `${p.path}: ${p.message}`)).toContainEqual(expect.stringMatching(message));
  });

  it('reports every problem of the section at once', () => {
    const read = readDnssecSection({ status: 'maybe', presigned: 1, extra: 0 });
    expect(read.kind === 'invalid' ? read.problems.map((p) => p.path) : []).toEqual(['dnssec.status', 'dnssec.presigned', 'dnssec.extra']);
  });
});

describe('DNSSEC_SECTION_SCHEMA', () => {
  const validate = new Ajv2020({ strict: true }).compile(DNSSEC_SECTION_SCHEMA);
  const samples: unknown[] = [
    { status: 'active' },
    { status: 'disabled', multi_signer: false },
    { status: 'active', multi_signer: true, use_nsec3: true, presigned: false },
    {},
    { status: 'pending' },
    { status: 'active', use_nsec3: 'true' },
    { status: 'active', other: 1 },
    [],
    null,
  ];
  it.each(samples.map((s) => [JSON.stringify(s), s]))('accepts %s exactly when the reader does', (_shown, sample) => {
    expect(validate(sample)).toBe(readDnssecSection(sample).kind === 'ok');
  });
});
