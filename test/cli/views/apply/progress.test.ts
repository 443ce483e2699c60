import { describe, expect, it } from 'vitest';
import { ApplyProgress, progressLine, progressMode } from '../../../../src/cli/views/apply/progress.js';

/** A stream that keeps what was written; `isTTY` as given. */
function memoryStream(isTTY: boolean): { write(s: string): boolean; isTTY: boolean; columns: number; text(): string } {
  let text = '';
  return {
    isTTY,
    columns: 120,
    write(s: string) {
      text += s;
      return true;
    },
    text: () => text,
  };
}

const call = { method: 'POST', path: '/zones/z1/dns_records' };

describe('apply progress', () => {
  it('without a terminal: 5,000 calls over 25 simulated seconds give at most 3-4 lines, the last one final', () => {
    let now = 1_000_000;
    const stream = memoryStream(false);
    const p = new ApplyProgress('lines', { stream, now: () => now });
    p.zoneStart('example.com', 5000);
    for (let done = 1; done <= 5000; done++) {
      now += 5; // 5,000 events x 5 ms = 25 s
      p.update('example.com', { done, total: 5000, call });
    }
    p.stop();
    const lines = stream.text().trimEnd().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines.length).toBeLessThanOrEqual(4);
    expect(lines[0]).toBe('example.com: 2000/5000 operations applied (40%, 200/s, ETA 15 s)');
    expect(lines.at(-1)).toBe('example.com: 5000/5000 operations applied (100%, 200/s, in 25 s)');
  });

  it('with --verbose: one line per completed call, as before', () => {
    const stream = memoryStream(true);
    const p = new ApplyProgress('per-call', { stream, now: () => 0 });
    p.zoneStart('example.com', 3);
    for (let done = 1; done <= 3; done++) p.update('example.com', { done, total: 3, call });
    expect(stream.text().trimEnd().split('\n')).toEqual(
      [1, 2, 3].map((d) => `example.com: ${d}/3 operations applied (POST /zones/z1/dns_records)`),
    );
  });

  it('with --quiet or --format json: nothing', () => {
    const stream = memoryStream(true);
    const p = new ApplyProgress(progressMode({ verbosity: 'quiet', json: false, terminal: true }), { stream });
    p.zoneStart('example.com', 2);
    p.update('example.com', { done: 2, total: 2, call });
    expect(stream.text()).toBe('');
    expect(progressMode({ verbosity: 'verbose', json: true, terminal: true })).toBe('none');
  });

  it('picks a bar on a terminal, lines without one, per-call lines with --verbose', () => {
    expect(progressMode({ verbosity: 'normal', json: false, terminal: true })).toBe('bar');
    expect(progressMode({ verbosity: 'normal', json: false, terminal: false })).toBe('lines');
    expect(progressMode({ verbosity: 'verbose', json: false, terminal: true })).toBe('per-call');
  });

  it('on a terminal draws a bar with done/total, rate and ETA, and clears it on stop', () => {
    let now = 0;
    const stream = memoryStream(true);
    const p = new ApplyProgress('bar', { stream, now: () => now });
    p.zoneStart('example.com', 100);
    now += 1000;
    p.update('example.com', { done: 50, total: 100, call });
    p.stop();
    // cli-progress redraws on its own schedule, and once more when stopped: then the line is cleared.
    const text = stream.text();
    expect(text).toMatch(/example\.com \[[^\]]*\] 50\/100 operations \| 50\/s \| ETA 1 s/);
    expect(text.slice(text.lastIndexOf('50/100'))).toMatch(/\u001b\[2K/);
    const before = text.length;
    p.update('example.com', { done: 60, total: 100, call });
    expect(stream.text().slice(before)).toBe('');
  });

  it('a zone name or path with control characters is escaped in lines and in the bar (the progress writes stderr directly)', () => {
    const zone = 'ex\u001b]0;t\u0007\n::error::x{bar}.com';
    const lines = memoryStream(false);
    const p = new ApplyProgress('per-call', { stream: lines, now: () => 0 });
    p.update(zone, { done: 1, total: 2, call: { method: 'POST', path: '/zones/z1/\u001b[2J' } });
    expect(lines.text()).toBe('ex\\u001b]0;t\\u0007\\n::error::x{bar}.com: 1/2 operations applied (POST /zones/z1/\\u001b[2J)\n');
    const bar = memoryStream(true);
    const b = new ApplyProgress('bar', { stream: bar, now: () => 0 });
    b.zoneStart(zone, 10);
    b.stop();
    expect(bar.text()).toContain('ex\\u001b]0;t\\u0007\\n::error::xbar.com [');
    expect(bar.text()).not.toContain('\u001b]');
  });

  it('the final line says how long the zone took', () => {
    expect(progressLine('z', 10, 10, 2000)).toBe('z: 10/10 operations applied (100%, 5.0/s, in 2 s)');
  });
});
