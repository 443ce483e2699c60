/**
 * external-dns's TXT registry as src/core/ownership/external-dns.ts reads it. The expected names
 * are external-dns's own test vectors (kubernetes-sigs/external-dns registry/mapper/mapper_test.go,
 * TestAffixNameMapper_ToTXTName and TestToEndpointNameNewTXT, at 2bf1bf8), the label texts those of
 * registry/txt/registry_test.go and endpoint/labels_test.go.
 */
import { describe, expect, it } from 'vitest';
import { normalizeRecord } from '../../../src/core/model/normalize.js';
import type { LiveRecord, RecordInput } from '../../../src/core/model/record.js';
import {
  externalDnsClaimOf,
  legacyRegistryName,
  readRegistry,
  registryName,
  registryOwner,
} from '../../../src/core/ownership/external-dns.js';

const ZONE = 'example.com';
let id = 0;
const live = (r: RecordInput): LiveRecord => ({ ...normalizeRecord(r, ZONE), id: `${(id += 1)}`.padStart(32, '0') });
const registry = (name: string, owner = 'default', extra = ''): LiveRecord =>
  live({ name, type: 'TXT', content: `"heritage=external-dns,external-dns/owner=${owner}${extra}"` });

describe('registry names (external-dns mapper_test.go)', () => {
  it.each([
    // [prefix, suffix, name, type, expected]
    ['%{record_type}-', '', 'foo.example.com', 'A', 'a-foo.example.com'],
    ['%{record_type}-', '', 'foo.example.com', 'AAAA', 'aaaa-foo.example.com'],
    ['%{record_type}-', '', 'foo.example.com', 'CNAME', 'cname-foo.example.com'],
    ['%{record_type}-', '', 'foo.example.com', 'MX', 'mx-foo.example.com'],
    ['foo', '', 'example.com', 'A', 'fooa-example.com'],
    ['', 'foo', 'example.com', 'AAAA', 'aaaa-examplefoo.com'],
    ['foo-', '', 'example.com', 'A', 'foo-a-example.com'],
    ['', '-foo', 'example.com', 'CNAME', 'cname-example-foo.com'],
    ['foo.', '', 'example.com', 'CNAME', 'foo.cname-example.com'],
    ['', '.foo', 'example.com', 'CNAME', 'cname-example.foo.com'],
    ['foo.bar.', '', 'example.com', 'CNAME', 'foo.bar.cname-example.com'],
    ['%{record_type}-foo', '', 'example.com', 'A', 'a-fooexample.com'],
    ['', 'foo-%{record_type}', 'example.com', 'A', 'examplefoo-a.com'],
    ['%{record_type}foo.', '', 'example.com', 'CNAME', 'cnamefoo.example.com'],
    ['', '.foo%{record_type}', 'example.com', 'A', 'example.fooa.com'],
    ['bar.%{record_type}.foo.', '', 'example.com', 'CNAME', 'bar.cname.foo.example.com'],
    ['', '', 'foo.example.com', 'A', 'a-foo.example.com'],
  ])('prefix %j suffix %j: %s %s -> %s', (prefix, suffix, name, type, expected) => {
    expect(registryName(name, type, { ...(prefix !== '' ? { prefix } : {}), ...(suffix !== '' ? { suffix } : {}) })).toBe(expected);
  });

  it('the apex with a templated prefix ends in a dot, as the docs advise (cname-abc-.ex.com)', () => {
    expect(registryName('ex.com', 'CNAME', { prefix: '%{record_type}-abc-.' })).toBe('cname-abc-.ex.com');
    expect(registryName('www.ex.com', 'CNAME', { suffix: '-.%{record_type}' })).toBe('www-.cname.ex.com');
  });

  it('--txt-wildcard-replacement replaces a leading * (txt-a-wild.example.com)', () => {
    expect(registryName('*.example.com', 'A', { prefix: 'txt-', wildcard_replacement: 'wild' })).toBe('txt-a-wild.example.com');
  });

  it('the legacy name has no type, the template dropped', () => {
    expect(legacyRegistryName('foo.example.com', {})).toBe('foo.example.com');
    expect(legacyRegistryName('foo.example.com', { prefix: 'txt.' })).toBe('txt.foo.example.com');
    expect(legacyRegistryName('foo.example.com', { prefix: '%{record_type}-' })).toBe('-foo.example.com');
  });
});

describe('registry labels (endpoint.NewLabelsFromStringPlain)', () => {
  it('reads the owner; another heritage, or none, is no registry record', () => {
    expect(registryOwner('"heritage=external-dns,external-dns/owner=owner,external-dns/resource=ingress/default/my-ingress"')).toBe(
      'owner',
    );
    expect(registryOwner('heritage=external-dns,external-dns/owner=default')).toBe('default');
    expect(registryOwner('heritage=external-dns')).toBe('');
    expect(registryOwner('heritage=mate,external-dns/owner=default')).toBeUndefined();
    expect(registryOwner('v=spf1 -all')).toBeUndefined();
  });
});

describe('what the registry claims', () => {
  it('the new format: the registry record and the record of its type at the name, not another type', () => {
    const a = live({ name: 'app', type: 'A', content: '192.0.2.1' });
    const mx = live({ name: 'app', type: 'MX', content: 'mx.example.net', priority: 10 });
    const txt = registry('a-app.example.com', 'k8s');
    const reg = readRegistry([a, mx, txt], {});
    expect(externalDnsClaimOf(reg, a)).toEqual({ role: 'owned', owner: 'k8s', registry: 'a-app.example.com' });
    expect(externalDnsClaimOf(reg, txt)).toEqual({ role: 'registry', owner: 'k8s', registry: 'a-app.example.com' });
    expect(externalDnsClaimOf(reg, mx)).toBeUndefined();
  });

  it('owner: only the configured owners count; a registry record of another owner claims nothing', () => {
    const a = live({ name: 'app', type: 'A', content: '192.0.2.1' });
    const txt = registry('a-app.example.com', 'other-cluster');
    const reg = readRegistry([a, txt], { owner: ['k8s'] });
    expect(externalDnsClaimOf(reg, a)).toBeUndefined();
    expect(externalDnsClaimOf(reg, txt)).toBeUndefined();
  });

  it('the legacy format (a TXT beside the record) claims A and CNAME, never AAAA (as external-dns), nor the apex MX', () => {
    const a = live({ name: 'old', type: 'A', content: '192.0.2.1' });
    const aaaa = live({ name: 'old', type: 'AAAA', content: '2001:db8::1' });
    const mx = live({ name: '@', type: 'MX', content: 'mx.example.net', priority: 10 });
    const beside = registry('old.example.com');
    const apex = registry('example.com');
    const reg = readRegistry([a, aaaa, mx, beside, apex], {});
    expect(externalDnsClaimOf(reg, a)?.registry).toBe('old.example.com');
    expect(externalDnsClaimOf(reg, aaaa)).toBeUndefined();
    expect(externalDnsClaimOf(reg, mx)).toBeUndefined();
    expect(externalDnsClaimOf(reg, beside)?.role).toBe('registry');
  });

  it('a prefix and %{record_type}: the claim follows the configured names only', () => {
    const c = live({ name: 'api', type: 'CNAME', content: 'lb.example.net' });
    const txt = registry('cname-reg.api.example.com', 'k8s');
    expect(externalDnsClaimOf(readRegistry([c, txt], { prefix: '%{record_type}-reg.' }), c)?.owner).toBe('k8s');
    expect(externalDnsClaimOf(readRegistry([c, txt], {}), c)).toBeUndefined();
  });

  it('encrypted: a base64 blob at a record registry name claims it (owner unknown); a lone blob claims nothing', () => {
    const a = live({ name: 'sec', type: 'A', content: '192.0.2.9' });
    // 12-byte nonce, ciphertext and GCM tag, base64 (endpoint.EncryptText's form); the bytes are arbitrary.
    const blob = Buffer.alloc(80, 7).toString('base64');
    const txt = live({ name: 'a-sec', type: 'TXT', content: `"${blob}"` });
    const lone = live({ name: 'lonely', type: 'TXT', content: `"${blob}"` });
    const reg = readRegistry([a, txt, lone], { encrypted: true });
    expect(externalDnsClaimOf(reg, a)).toEqual({ role: 'owned', owner: null, registry: 'a-sec.example.com' });
    expect(externalDnsClaimOf(reg, txt)?.role).toBe('registry');
    expect(externalDnsClaimOf(reg, lone)).toBeUndefined();
    // Without `encrypted`, nothing is read into a blob.
    expect(externalDnsClaimOf(readRegistry([a, txt], {}), a)).toBeUndefined();
  });
});
