import { describe, expect, it } from 'vitest';
import { normalizeRecord, type RecordInput } from '../../../src/core/model/index.js';
import { proxiedChainProblems } from '../../../src/core/plan/check-chains.js';

const r = (x: RecordInput) => normalizeRecord(x, 'example.com');

describe('proxiedChainProblems', () => {
  const a = r({ name: 'origin', type: 'A', content: '192.0.2.1' });
  it('accepts chains that end at an A/AAAA in the zone, or leave the zone', () => {
    const recs = [
      a,
      r({ name: 'b', type: 'CNAME', content: 'origin.example.com' }),
      r({ name: 'www', type: 'CNAME', content: 'b.example.com', proxied: true }),
      r({ name: 'ext', type: 'CNAME', content: 'host.example.net', proxied: true }),
    ];
    expect(proxiedChainProblems(recs, recs, 'example.com')).toEqual([]);
  });
  it('reports a proxied chain that ends at a name without an address, and loops', () => {
    const www = r({ name: 'www', type: 'CNAME', content: 'nothing.example.com', proxied: true });
    expect(proxiedChainProblems([www], [www, a], 'example.com')).toEqual([
      'proxied www.example.com CNAME nothing.example.com: the chain ends at nothing.example.com, which has no A or AAAA record in the zone (none through a wildcard either)',
    ]);
    const x = r({ name: 'x', type: 'CNAME', content: 'y.example.com', proxied: true });
    const y = r({ name: 'y', type: 'CNAME', content: 'x.example.com' });
    expect(proxiedChainProblems([x], [x, y], 'example.com')[0]).toMatch(/loops at x\.example\.com/);
  });
  it('follows wildcards as the edge resolves the target: a wildcard A, or a wildcard CNAME leaving the zone, is an address', () => {
    const viaCname = r({ name: 'owo', type: 'CNAME', content: 'x.a.selfhosted.example.com', proxied: true });
    const wildCname = r({ name: '*.a.selfhosted', type: 'CNAME', content: 'static.example.net' });
    const viaA = r({ name: 'www', type: 'CNAME', content: 'host.dev.example.com', proxied: true });
    const wildA = r({ name: '*.dev', type: 'A', content: '192.0.2.5' });
    expect(proxiedChainProblems([viaCname, viaA], [viaCname, wildCname, viaA, wildA], 'example.com')).toEqual([]);
    // A name that exists (here with a TXT only) is not answered by the wildcard above it (RFC 4592 §2.2.1).
    const shadow = r({ name: 'host.dev', type: 'TXT', content: 'only text' });
    expect(proxiedChainProblems([viaA], [viaA, wildA, shadow], 'example.com')).toEqual([
      'proxied www.example.com CNAME host.dev.example.com: the chain ends at host.dev.example.com, which has no A or AAAA record in the zone (none through a wildcard either)',
    ]);
  });
  it('ignores DNS-only CNAMEs', () => {
    const www = r({ name: 'www', type: 'CNAME', content: 'nothing.example.com' });
    expect(proxiedChainProblems([www], [www], 'example.com')).toEqual([]);
  });
});
