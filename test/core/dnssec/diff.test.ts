/**
 * The file's `dnssec` section against every state the service reports
 * (https://developers.cloudflare.com/dns/dnssec/dnssec-states/): what is planned, what is only
 * shown, what drift reports, what is shown and exported.
 */
import { describe, expect, it } from 'vitest';
import {
  changeLines,
  decodeDnssec,
  deleteRefusal,
  diffDnssec,
  dnssecJson,
  exportDnssec,
  isDnssecDrift,
  renderDnssecMarkdown,
  renderDnssecText,
  type DesiredDnssec,
  type LiveDnssec,
  type LiveDnssecStatus,
} from '../../../src/core/dnssec/index.js';

const ZONE_ID = '0123456789abcdef0123456789abcdef';
const DIGEST = 'AB'.repeat(32);

function live(status: LiveDnssecStatus, extra: Record<string, unknown> = {}): LiveDnssec {
  const never = status === 'disabled' && extra.modified_on === null;
  const key = never
    ? { algorithm: null, digest: null, digest_type: null, ds: null, flags: null, key_tag: null, public_key: null }
    : {
        algorithm: '13',
        digest: DIGEST,
        digest_type: '2',
        ds: `example.com. 3600 IN DS 2371 13 2 ${DIGEST}`,
        flags: 257,
        key_tag: 2371,
        public_key: 'mdsswUyr3DPW132mOi8V9xESWE8jTo0dxCjjnopKl+GqJxpVXckHAeF+KkxLbxILfDLUT0rAK9iUzy1L53eKGQ==',
      };
  return decodeDnssec('example.com', { status, modified_on: '2026-01-01T00:00:00Z', ...key, ...extra });
}

const DELETED = (): LiveDnssec => live('disabled', { modified_on: null });

describe('diffDnssec: the status', () => {
  const table: ReadonlyArray<[DesiredDnssec['status'], string, () => LiveDnssec, string[], string | undefined, boolean]> = [
    // desired, what the service reports, changes, waiting, drift
    ['active', 'active', () => live('active'), [], undefined, false],
    ['active', 'pending', () => live('pending'), [], 'registrar-add-ds', false],
    ['active', 'disabled', () => live('disabled'), ['~ dnssec status: disabled → active'], undefined, true],
    ['active', 'deleted', DELETED, ['~ dnssec status: disabled → active'], undefined, true],
    ['active', 'pending-disabled', () => live('pending-disabled'), ['~ dnssec status: pending-disabled → active'], undefined, true],
    ['disabled', 'disabled', () => live('disabled'), [], undefined, false],
    ['disabled', 'deleted', DELETED, [], undefined, false],
    ['disabled', 'pending-disabled', () => live('pending-disabled'), [], 'registrar-remove-ds', false],
    ['disabled', 'active', () => live('active'), ['~ dnssec status: active → disabled'], undefined, true],
    ['disabled', 'pending', () => live('pending'), ['~ dnssec status: pending → disabled'], undefined, true],
  ];
  it.each(table)('wants %s, the service reports %s', (want, _reported, state, changes, waiting, drift) => {
    const plan = diffDnssec('example.com', ZONE_ID, { status: want }, state());
    expect(changeLines(plan)).toEqual(changes);
    expect(plan.waiting).toBe(waiting);
    expect(isDnssecDrift(plan)).toBe(drift);
    expect(plan.operation?.body).toEqual(changes.length > 0 ? { status: want } : undefined);
    // Never a DELETE: disabling is a PATCH (src/core/dnssec/diff.ts, rule 4).
    if (plan.operation !== undefined) expect(plan.operation).toMatchObject({ method: 'PATCH', path: `/zones/${ZONE_ID}/dnssec` });
  });

  it('shows error, plans nothing, and calls it drift only when the file manages DNSSEC', () => {
    const managed = diffDnssec('example.com', ZONE_ID, { status: 'active', multi_signer: true }, live('error'));
    expect(managed).toMatchObject({ error: true, changes: [] });
    expect(managed.operation).toBeUndefined();
    expect(isDnssecDrift(managed)).toBe(true);
    const unmanaged = diffDnssec('example.com', ZONE_ID, undefined, live('error'));
    expect(unmanaged.error).toBe(true);
    expect(isDnssecDrift(unmanaged)).toBe(false);
    expect(renderDnssecText(managed)).toContain('dnssec: error (the service reports a DNSSEC error for this zone)');
  });

  it('plans nothing without a section, whatever the state, and still shows the state and the DS', () => {
    for (const state of [live('active'), live('pending'), DELETED()]) {
      const plan = diffDnssec('example.com', ZONE_ID, undefined, state);
      expect(plan.changes).toEqual([]);
      expect(isDnssecDrift(plan)).toBe(false);
    }
    expect(renderDnssecText(diffDnssec('example.com', ZONE_ID, undefined, live('pending')))).toEqual([
      'dnssec: pending (enabled; waiting for the DS record at the registrar) (not managed by the file)',
      `DS record for the registrar: example.com. 3600 IN DS 2371 13 2 ${DIGEST}`,
      '  key tag 2371, algorithm 13 (ECDSAP256SHA256), digest type 2 (SHA-256)',
      `  digest ${DIGEST}`,
    ]);
  });
});

describe('diffDnssec: the flags', () => {
  it('compares only the flags the file sets and sends only those that differ', () => {
    const state = live('active', { dnssec_multi_signer: false, dnssec_use_nsec3: true, dnssec_presigned: false });
    const plan = diffDnssec('example.com', ZONE_ID, { status: 'active', multi_signer: true, use_nsec3: true }, state);
    expect(changeLines(plan)).toEqual(['~ dnssec multi_signer: false → true']);
    expect(plan.operation).toEqual({
      kind: 'dnssec',
      action: 'update',
      method: 'PATCH',
      path: `/zones/${ZONE_ID}/dnssec`,
      zoneId: ZONE_ID,
      body: { dnssec_multi_signer: true },
      placement: 'before-records',
      changes: [{ field: 'multi_signer', before: false, after: true }],
      fields: ['multi_signer'],
    });
  });

  it('enables with the flags in one PATCH', () => {
    const plan = diffDnssec('example.com', ZONE_ID, { status: 'active', use_nsec3: true }, DELETED());
    expect(plan.operation?.body).toEqual({ status: 'active', dnssec_use_nsec3: true });
    expect(renderDnssecText(plan)).toEqual([
      '~ dnssec status: disabled → active',
      '~ dnssec use_nsec3: false → true',
      `  PATCH /zones/${ZONE_ID}/dnssec {"status":"active","dnssec_use_nsec3":true}`,
      'dnssec: disabled (never enabled, or deleted)',
      'DS record: the service makes the key when DNSSEC is enabled; apply prints it',
    ]);
  });

  it('turns multi-signer off after the record writes (the DNSKEY records leave first), on before them', () => {
    const on = live('active', { dnssec_multi_signer: true });
    expect(diffDnssec('example.com', ZONE_ID, { status: 'active', multi_signer: false }, on).operation?.placement).toBe('after-records');
    expect(diffDnssec('example.com', ZONE_ID, { status: 'active', multi_signer: true }, live('active')).operation?.placement).toBe(
      'before-records',
    );
  });
});

describe('dnssecJson and markdown', () => {
  it('carries the state, the change, the call and the DS as the service reports it', () => {
    const plan = diffDnssec('example.com', ZONE_ID, { status: 'disabled' }, live('active'));
    expect(dnssecJson(plan)).toEqual({
      managed: true,
      desired: { status: 'disabled' },
      status: 'active',
      deleted: false,
      changes: [{ field: 'status', before: 'active', after: 'disabled' }],
      call: { method: 'PATCH', path: `/zones/${ZONE_ID}/dnssec`, body: { status: 'disabled' } },
      waiting: null,
      error: false,
      drift: true,
      ds: { ds: `example.com. 3600 IN DS 2371 13 2 ${DIGEST}`, key_tag: 2371, algorithm: '13', digest_type: '2', digest: DIGEST },
      dnskey: {
        flags: 257,
        protocol: 3,
        algorithm: '13',
        public_key: 'mdsswUyr3DPW132mOi8V9xESWE8jTo0dxCjjnopKl+GqJxpVXckHAeF+KkxLbxILfDLUT0rAK9iUzy1L53eKGQ==',
      },
    });
    const md = renderDnssecMarkdown(diffDnssec('example.com', ZONE_ID, { status: 'active' }, live('pending'))).join('\n');
    expect(md).toContain('Status: **pending**');
    expect(md).toContain('add the DS record below at the registrar; the service reports active once it is there (not drift).');
    expect(md).toContain(`example.com. 3600 IN DS 2371 13 2 ${DIGEST}`);
  });
});

describe('exportDnssec', () => {
  const table: ReadonlyArray<[string, () => LiveDnssec, DesiredDnssec | undefined]> = [
    ['pending', () => live('pending', { dnssec_use_nsec3: true }), { status: 'active', use_nsec3: true }],
    ['active', () => live('active'), { status: 'active' }],
    ['pending-disabled', () => live('pending-disabled', { dnssec_multi_signer: true }), { status: 'disabled', multi_signer: true }],
    ['disabled', () => live('disabled'), { status: 'disabled' }],
    ['deleted', DELETED, undefined],
    ['error', () => live('error'), undefined],
  ];
  it.each(table)('exports %s so that the file plans no DNSSEC change', (_what, state, section) => {
    const exported = exportDnssec(state());
    expect(exported.section).toEqual(section);
    expect(exported.comment).toMatch(/^dnssec: /);
    const plan = diffDnssec('example.com', ZONE_ID, exported.section, state());
    expect(plan.changes).toEqual([]);
  });
});

describe('deleteRefusal', () => {
  it('allows DELETE only from disabled, with keys to delete', () => {
    expect(deleteRefusal(live('disabled'))).toBeUndefined();
    expect(deleteRefusal(live('pending-disabled'))).toMatch(
      /^DNSSEC is pending-disabled: disable it and remove the DS record at the registrar first/,
    );
    expect(deleteRefusal(live('active'))).toMatch(/^DNSSEC is active/);
    expect(deleteRefusal(DELETED())).toBe('DNSSEC of this zone was never enabled, or is deleted already');
  });
});
