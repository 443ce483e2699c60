import { describe, expect, it } from 'vitest';
import { packCalls, type BatchCall } from '../../src/api/pack-calls.js';
import { describeHttpCalls } from '../../src/api/execute.js';
import { aRecord, createOp, deleteOp, settingsOp, tokenCreateOp, updateOp } from './helpers.js';

const Z = 'z1';
const a = (n: number) => aRecord(`h${n}.example.com`, `192.0.2.${n}`);

describe('packCalls without batching', () => {
  it('makes one step per phase, each op a single call', () => {
    const ops = [createOp(Z, 20, a(1)), deleteOp(Z, 10, 'r1'), createOp(Z, 20, a(2)), settingsOp(Z, { multi_provider: true })];
    const steps = packCalls(ops, { batch: false, batchLimit: 200 });
    expect(steps.map((s) => s.phases)).toEqual([[0], [10], [20]]);
    expect(steps[2]!.calls.map((c) => c.kind === 'single' && c.opIndex)).toEqual([0, 2]);
    expect(steps[1]!.calls[0]).toMatchObject({ method: 'DELETE', path: `/zones/${Z}/dns_records/r1` });
  });
});

describe('packCalls with batching', () => {
  it('packs consecutive phases of one zone into one batch in service order', () => {
    const ops = [
      deleteOp(Z, 10, 'old'), // frees a name
      createOp(Z, 20, a(1)),
      updateOp(Z, 20, 'u1', a(5), a(6)),
      createOp(Z, 30, aRecord('www.example.com', 'h1.example.com', { type: 'CNAME' })),
      deleteOp(Z, 50, 'gone'),
    ];
    const steps = packCalls(ops, { batch: true, batchLimit: 200 });
    expect(steps).toHaveLength(1);
    const b = steps[0]!.calls[0] as BatchCall;
    expect(b.kind).toBe('batch');
    expect(b.path).toBe(`/zones/${Z}/dns_records/batch`);
    expect(b.deletes).toEqual([0, 4]);
    expect(b.patches).toEqual([2]);
    expect(b.posts).toEqual([1, 3]); // phase order kept
    expect(b.body.deletes).toEqual([{ id: 'old' }, { id: 'gone' }]);
    expect(b.body.patches![0]).toMatchObject({ id: 'u1', content: '192.0.2.6' });
    expect(b.body.posts!.map((p) => p.name)).toEqual(['h1.example.com', 'www.example.com']);
    expect(b.body.puts).toBeUndefined();
  });

  it('starts a new batch when a patch would run before a post of an earlier phase', () => {
    const ops = [createOp(Z, 20, a(1)), updateOp(Z, 30, 'u1', a(5), a(6))];
    const steps = packCalls(ops, { batch: true, batchLimit: 200 });
    expect(steps).toHaveLength(2);
    expect((steps[0]!.calls[0] as BatchCall).posts).toEqual([0]);
    expect((steps[1]!.calls[0] as BatchCall).patches).toEqual([1]);
  });

  it('lets a post join after patches of an earlier phase', () => {
    const ops = [updateOp(Z, 20, 'u1', a(5), a(6)), createOp(Z, 30, a(1))];
    expect(packCalls(ops, { batch: true, batchLimit: 200 })).toHaveLength(1);
  });

  it('splits at the batch limit, and a split zone takes no later phase into the same step', () => {
    const ops = [
      ...Array.from({ length: 5 }, (_, i) => createOp(Z, 20, a(i))),
      createOp(Z, 30, aRecord('www.example.com', 'h1.example.com', { type: 'CNAME' })),
    ];
    const steps = packCalls(ops, { batch: true, batchLimit: 2 });
    // phase 20: batches [0,1] [2,3] [4] in one step; phase 30 must wait for all of them
    expect(steps.map((s) => s.calls.map((c) => (c as BatchCall).opIndices))).toEqual([[[0, 1], [2, 3], [4]], [[5]]]);
    for (const s of steps) for (const c of s.calls) expect((c as BatchCall).opIndices.length).toBeLessThanOrEqual(2);
  });

  it('overflow of a merged phase goes to the next step, and later phases follow it', () => {
    const ops = [createOp(Z, 20, a(1)), createOp(Z, 30, a(2)), createOp(Z, 30, a(3)), createOp(Z, 40, a(4))];
    const steps = packCalls(ops, { batch: true, batchLimit: 2 });
    expect(steps.map((s) => s.calls.map((c) => (c as BatchCall).opIndices))).toEqual([[[0, 1]], [[2, 3]]]);
  });

  it('keeps zones apart and settings/tokens as single calls that end their step', () => {
    const ops = [
      settingsOp(Z, { multi_provider: true }),
      createOp(Z, 20, a(1)),
      createOp('z2', 20, a(2)),
      deleteOp('z2', 50, 'x'),
      tokenCreateOp('ci', { name: 'ci', policies: [] }),
    ];
    const steps = packCalls(ops, { batch: true, batchLimit: 200 });
    expect(steps.map((s) => s.calls.map((c) => `${c.method} ${c.path}`))).toEqual([
      [`PATCH /zones/${Z}/dns_settings`],
      [`POST /zones/${Z}/dns_records/batch`, 'POST /zones/z2/dns_records/batch'],
      ['POST /user/tokens'],
    ]);
    expect((steps[1]!.calls[1] as BatchCall).opIndices).toEqual([3, 2]);
  });

  it('is equivalent to phase order: simulated on random plans', () => {
    // Execute the batches as the service does and check every op runs after all ops of lower
    // phases, except deletes hoisted to the front (always safe).
    for (let seed = 1; seed <= 200; seed++) {
      let s = seed;
      const rnd = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
      const ops = Array.from({ length: 1 + Math.floor(rnd() * 25) }, (_, i) => {
        const phase = [10, 20, 30, 31, 50, 51][Math.floor(rnd() * 6)]!;
        const k = Math.floor(rnd() * 3);
        return k === 0 ? createOp(Z, phase, a(i)) : k === 1 ? updateOp(Z, phase, `u${i}`, a(i), a(i + 100)) : deleteOp(Z, phase, `d${i}`);
      });
      const limit = 1 + Math.floor(rnd() * 6);
      const order: number[][] = []; // per step: run order (steps are barriers; calls of a step could interleave)
      for (const step of packCalls(ops, { batch: true, batchLimit: limit })) {
        const calls = step.calls as BatchCall[];
        for (const c of calls) expect(c.opIndices.length).toBeLessThanOrEqual(limit);
        // calls of one step run concurrently: treat any op of one call as unordered with the others
        const phasesOfCalls = calls.map((c) => c.opIndices.filter((i) => ops[i]!.method !== 'DELETE').map((i) => ops[i]!.phase));
        if (calls.length > 1) {
          // concurrent calls must not mix phases in a way that matters: all non-delete ops of a
          // step share one phase, or each call's phases are the step's single phase
          const all = new Set(phasesOfCalls.flat());
          expect(all.size).toBeLessThanOrEqual(1);
        }
        for (const c of calls) order.push([...c.patches, ...c.puts, ...c.posts]);
      }
      const seq = order.flat();
      for (let i = 1; i < seq.length; i++) {
        expect(ops[seq[i]!]!.phase).toBeGreaterThanOrEqual(Math.min(...seq.slice(0, i).map((j) => ops[j]!.phase)));
      }
      // no patch runs before a post of a lower phase
      for (let i = 0; i < seq.length; i++) {
        for (let j = i + 1; j < seq.length; j++) {
          expect(ops[seq[j]!]!.phase).toBeGreaterThanOrEqual(ops[seq[i]!]!.phase);
        }
      }
      expect(new Set(order.flat().concat(ops.flatMap((o, i) => (o.method === 'DELETE' ? [i] : []))))).toEqual(
        new Set(ops.map((_, i) => i)),
      );
    }
  });
});

describe('describeHttpCalls', () => {
  it('lists the exact calls with bodies, numbered by step', () => {
    const ops = [settingsOp(Z, { multi_provider: true }), createOp(Z, 20, a(1)), deleteOp(Z, 50, 'r9')];
    expect(describeHttpCalls(ops, { batch: true, batchLimit: 200 })).toEqual([
      { step: 1, method: 'PATCH', path: `/zones/${Z}/dns_settings`, body: { multi_provider: true }, opIndices: [0] },
      {
        step: 2,
        method: 'POST',
        path: `/zones/${Z}/dns_records/batch`,
        opIndices: [2, 1],
        body: { deletes: [{ id: 'r9' }], posts: [{ name: 'h1.example.com', type: 'A', content: '192.0.2.1', ttl: 1, proxied: false }] },
      },
    ]);
    const single = describeHttpCalls(ops, { batch: false, batchLimit: 200 });
    expect(single.map((c) => [c.step, c.method, c.path])).toEqual([
      [1, 'PATCH', `/zones/${Z}/dns_settings`],
      [2, 'POST', `/zones/${Z}/dns_records`],
      [3, 'DELETE', `/zones/${Z}/dns_records/r9`],
    ]);
    expect(single[2]!.body).toBeUndefined();
  });
});
