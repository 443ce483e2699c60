import { describe, expect, it } from 'vitest';
import { fromApiRecord, normalizeRecord, toApiBody, type ApiRecord } from '../../../src/core/model/index.js';

const ZONE = 'example.com';
const api = (r: Partial<ApiRecord> & Pick<ApiRecord, 'type'>): ApiRecord => ({
  id: 'r1',
  name: 'example.com',
  ttl: 1,
  proxied: false,
  ...r,
});

describe('fromApiRecord: MX and URI priority inside data', () => {
  it('reads an MX whose priority (and target) come only inside data', () => {
    const live = fromApiRecord(api({ type: 'MX', data: { priority: 10, target: 'MX1.example.net.' } }), ZONE);
    expect(live.priority).toBe(10);
    expect(live.content).toBe('mx1.example.net');
    const same = fromApiRecord(api({ type: 'MX', content: 'mx1.example.net', priority: 10 }), ZONE);
    expect({ ...live, id: '' }).toEqual({ ...same, id: '' });
  });

  it('reads a URI whose priority comes only inside data', () => {
    const live = fromApiRecord(api({ type: 'URI', data: { priority: 10, weight: 20, target: 'http://example.com/example.html' } }), ZONE);
    expect(live.priority).toBe(10);
    expect(live.data).toEqual({ weight: 20, target: 'http://example.com/example.html' });
  });

  it('prefers the top-level priority and content when the answer has both', () => {
    const live = fromApiRecord(
      api({ type: 'MX', content: 'mx1.example.net', priority: 5, data: { priority: 5, target: 'mx1.example.net' } }),
      ZONE,
    );
    expect([live.priority, live.content]).toEqual([5, 'mx1.example.net']);
  });

  it('does not give data.priority to types without a top-level priority', () => {
    const srv = fromApiRecord(
      api({ type: 'SRV', name: '_sip._tcp.example.com', data: { priority: 10, weight: 5, port: 5060, target: 'sip.example.com' } }),
      ZONE,
    );
    expect(srv.priority).toBeUndefined();
    expect(srv.data?.priority).toBe(10);
  });
});

describe('per-record settings', () => {
  it('reads the flags the answer has; "settings": {} is no flag', () => {
    expect(fromApiRecord(api({ type: 'A', content: '192.0.2.1', settings: {} }), ZONE).settings).toBeUndefined();
    expect(fromApiRecord(api({ type: 'CNAME', content: 'x.example.net', settings: { flatten_cname: false } }), ZONE).settings).toEqual({
      flatten_cname: false,
    });
    expect(
      fromApiRecord(api({ type: 'A', content: '192.0.2.1', settings: { ipv4_only: true, ipv6_only: false, other: 1 } }), ZONE).settings,
    ).toEqual({ ipv4_only: true, ipv6_only: false });
  });

  it('normalizeRecord keeps the flags that are set and nothing when none is', () => {
    const n = (settings?: Record<string, unknown>) => normalizeRecord({ name: 'a', type: 'A', content: '192.0.2.1', settings }, ZONE);
    expect(n(undefined).settings).toBeUndefined();
    expect(n({}).settings).toBeUndefined();
    expect(n({ ipv6_only: true }).settings).toEqual({ ipv6_only: true });
    expect(n({ ipv6_only: true, ipv4_only: false }).settings).toEqual({ ipv4_only: false, ipv6_only: true });
    expect(n({ flatten_cname: 'yes' }).settings).toBeUndefined();
  });

  it('toApiBody sends only the managed flags, and no settings when none is managed', () => {
    const body = (settings?: Record<string, boolean>) =>
      toApiBody(normalizeRecord({ name: 'w', type: 'CNAME', content: 'x.example.net', settings }, ZONE));
    expect(body().settings).toBeUndefined();
    expect('settings' in body()).toBe(false);
    expect(body({ flatten_cname: true }).settings).toEqual({ flatten_cname: true });
  });
});

describe('tags and case', () => {
  it('keeps bare tags and name:value tags as they are', () => {
    const live = fromApiRecord(api({ type: 'A', content: '192.0.2.1', tags: ['tag1', 'owner:dns-team', 'Tag2'] }), ZONE);
    expect(live.tags).toEqual(['Tag2', 'owner:dns-team', 'tag1']);
    expect(toApiBody(live).tags).toEqual(['Tag2', 'owner:dns-team', 'tag1']);
  });

  it('reads names and hostname targets lower-cased, as the service returns them', () => {
    const a = fromApiRecord(api({ type: 'CNAME', name: 'WWW.Example.COM', content: 'Target.Example.NET.' }), ZONE);
    expect([a.name, a.content]).toEqual(['www.example.com', 'target.example.net']);
  });
});

describe('hex fields compare case-insensitively', () => {
  const n = (type: 'DS' | 'SSHFP' | 'TLSA' | 'SMIMEA', data: Record<string, unknown>) =>
    normalizeRecord({ name: '_443._tcp', type, data }, ZONE);
  it.each([
    ['DS', { key_tag: 1, algorithm: 13, digest_type: 2 }, 'digest'],
    ['SSHFP', { algorithm: 1, type: 2 }, 'fingerprint'],
    ['TLSA', { usage: 3, selector: 1, matching_type: 1 }, 'certificate'],
    ['SMIMEA', { usage: 3, selector: 0, matching_type: 0 }, 'certificate'],
  ] as const)('%s %s', (type, rest, field) => {
    expect(n(type, { ...rest, [field]: 'b5bb9d8014a0f9b1' })).toEqual(n(type, { ...rest, [field]: 'B5BB9D8014A0F9B1' }));
    expect(n(type, { ...rest, [field]: 'b5bb9d8014a0f9b1' })).not.toEqual(n(type, { ...rest, [field]: 'B5BB9D8014A0F9B2' }));
  });
});
