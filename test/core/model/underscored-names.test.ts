/** src/core/model/underscored-names.ts: the standard underscored labels (RFC 8552's registry, service labels, ACM, common ones). */
import { describe, expect, it } from 'vitest';
import { isStandardUnderscoredLabel, underscoredNameKind } from '../../../src/core/model/underscored-names.js';

const at = (name: string, i = 0): boolean => isStandardUnderscoredLabel(name.split('.'), i);

describe('underscored node names', () => {
  it.each([
    ['s1._domainkey', 1],
    ['_dmarc', 0],
    ['_acme-challenge.www', 0],
    ['_mta-sts', 0],
    ['_smtp._tls', 0],
    ['_smtp._tls', 1],
    ['default._bimi', 1],
    ['_sip._tcp', 0],
    ['_25._tcp.mail', 0],
    ['_minecraft._tcp', 0],
    ['_0123456789abcdef0123456789abcdef.www', 0],
    ['_cf-custom-hostname.shop', 0],
    ['_ta-4f66', 0],
    ['_github-challenge-acme-org', 0],
  ])('%s (label %i) is standard', (name, i) => {
    expect(at(name, i)).toBe(true);
  });

  it.each([['my_host'], ['_my_thing'], ['_0123456789abcdef'], ['www'], ['host_._tcp']])('%s is not', (name) => {
    expect(at(name)).toBe(false);
  });

  it('names the kind for messages', () => {
    expect(underscoredNameKind(['s1', '_domainkey'], 1)).toBe('a DKIM key name');
    expect(underscoredNameKind(['_0123456789abcdef0123456789abcdef'], 0)).toBe('an ACM certificate validation name');
    expect(underscoredNameKind(['www'], 0)).toBeUndefined();
  });
});
