import { describe, expect, it } from 'vitest';
import { followCnameChain } from '../../../src/core/plan/check-chains.js';

describe('followCnameChain: where a walk ends, at the first step or later', () => {
  const cname = new Map([
    ['a', 'b'],
    ['b', 'c'],
    ['self', 'self'],
    ['x', 'y'],
    ['y', 'x'],
  ]);
  const never = (): boolean => false;

  it('stops at the first target when `stop` says so', () => {
    expect(followCnameChain('a', 'b', cname, (n) => n === 'b')).toEqual({ kind: 'stopped', at: 'b' });
  });

  it('ends at a first target with no CNAME', () => {
    expect(followCnameChain('c', 'elsewhere', cname, never)).toEqual({ kind: 'ends', at: 'elsewhere' });
  });

  it('loops at once on a CNAME pointing at its own name', () => {
    expect(followCnameChain('self', 'self', cname, never)).toEqual({ kind: 'loops', at: 'self', path: ['self', 'self'] });
  });

  it('walks on past the first step: ends, stops, loops', () => {
    expect(followCnameChain('a', 'b', cname, never)).toEqual({ kind: 'ends', at: 'c' });
    expect(followCnameChain('a', 'b', cname, (n) => n === 'c')).toEqual({ kind: 'stopped', at: 'c' });
    expect(followCnameChain('x', 'y', cname, never)).toEqual({ kind: 'loops', at: 'x', path: ['x', 'y', 'x'] });
    expect(followCnameChain('w', 'x', cname, never)).toEqual({ kind: 'loops', at: 'x', path: ['x', 'y', 'x'] });
  });
});
