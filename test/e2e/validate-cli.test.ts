import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { collectZoneFiles } from '../../src/app/files/load-zone-files.js';
import { runValidateCli } from '../core/zonefile/helpers.js';
import { tempDir } from '../support/temp-dir.js';

const dir = tempDir('validate');
const file = (name: string, text: string): string => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};
const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const example = readFileSync(new URL('../../examples/zone.yaml', import.meta.url), 'utf8');

const runCli = runValidateCli;

afterEach(() => {
  process.exitCode = undefined;
});

describe('zonectl validate', () => {
  it('a valid file: exit 0, summary on stdout, nothing on stderr', async () => {
    const p = file('zone.yaml', example);
    const r = await runCli([p]);
    expect(r.code).toBe(0);
    expect(r.out).toEqual([`${p}: valid (15 records, 1 token)`]);
    expect(r.problems).toEqual([]);
    expect(r.stderr).toEqual([]);
  });

  it('an invalid file: every problem on stdout as file:line:col path: message, then the summary, exit 1; nothing on stderr', async () => {
    const p = file(
      'bad.yaml',
      'version: 1\nzone: example.com\nrecords:\n  - { name: www, type: A, contnet: 192.0.2.1 }\n  - { name: x, type: A, content: 300.1.1.1 }\n  - { name: y, type: TXT, content: hi }\n  - { name: z, type: A, content: 192.0.2.1, locked: true }\n',
    );
    const r = await runCli([p]);
    expect(r.code).toBe(1);
    expect(r.problems).toEqual([
      `${p}:4:27 records[0].contnet: unknown field \`contnet\`; did you mean \`content\`?`,
      `${p}:5:34 records[1].content: "300.1.1.1" is not an IPv4 address`,
      `${p}:7:45 records[3].locked: warning: \`locked\` is retired (2024-07-14): always false and ignored by the service; remove it`,
    ]);
    expect(r.out).toEqual([`${p}: 2 errors, 1 warning`]);
    expect(r.stderr).toEqual([]);
  });

  it('several files, one missing: each summarized, exit 1, no stack trace', async () => {
    const good = file('good.yaml', example);
    const missing = join(dir, 'missing.yaml');
    const r = await runCli([good, missing]);
    expect(r.code).toBe(1);
    expect(r.problems).toEqual([`${missing}:1:1: file not found`]);
    expect(r.out).toEqual([`${good}: valid (15 records, 1 token)`, `${missing}: 1 error`]);
    expect(r.problems.join('\n')).not.toMatch(/\s+at /);
  });

  it('a YAML syntax error is one problem with a position', async () => {
    const p = file('syntax.yaml', 'version: 1\nzone: [example.com\n');
    const r = await runCli([p]);
    expect(r.code).toBe(1);
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]).toMatch(new RegExp(`^${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+: YAML syntax error: `));
  });

  it('reads ${VAR} from the environment it is given', async () => {
    const p = file('env.yaml', 'version: 1\nzone: example.com\nrecords:\n  - { name: "@", type: A, content: "${ZONECTL_ORIGIN_IP}" }\n');
    expect((await runCli([p], { ZONECTL_ORIGIN_IP: '192.0.2.44' })).code).toBe(0);
    const r = await runCli([p], {});
    expect(r.code).toBe(1);
    expect(r.problems[0]).toBe(
      `${p}:4:36 records[0].content: environment variable ZONECTL_ORIGIN_IP is not set (write \${ZONECTL_ORIGIN_IP:-default} to give a default)`,
    );
  });

  it('a file with thousands of problems: the first 200 lines, then one zonectl: error line with the count; the summary counts them all', async () => {
    const records = Array.from({ length: 3000 }, (_, i) => `  - { name: h${i}, type: A, content: "bad-${i}" }`);
    const p = file('many.yaml', `version: 1\nzone: example.com\nrecords:\n${records.join('\n')}\n`);
    const r = await runCli([p]);
    expect(r.code).toBe(1);
    expect(r.problems).toHaveLength(201);
    expect(r.problems[0]).toBe(`${p}:4:35 records[0].content: "bad-0" is not an IPv4 address`);
    expect(r.problems[199]).toMatch(new RegExp(`^${escapeRe(p)}:203:\\d+ records\\[199\\]\\.content: `));
    expect(r.problems[200]).toBe(`zonectl: error: ${p}: 2800 more problems not shown (the first 200 are above)`);
    expect(r.out).toEqual([`${p}: 3000 errors`]);
  });

  it('thousands of schema errors: checking stops after 1000 problems, and the count says "at least"', async () => {
    const records = Array.from({ length: 1500 }, (_, i) => `  - { name: h${i}, type: A, contnet: 192.0.2.1 }`);
    const p = file('schema-many.yaml', `version: 1\nzone: example.com\nrecords:\n${records.join('\n')}\n`);
    const r = await runCli([p]);
    expect(r.code).toBe(1);
    expect(r.problems).toHaveLength(201);
    expect(r.problems[0]).toBe(`${p}:4:26 records[0].contnet: unknown field \`contnet\`; did you mean \`content\`?`);
    expect(r.problems[200]).toBe(
      `zonectl: error: ${p}: at least 800 more problems not shown (the first 200 are above; checking stopped after 1000 problems)`,
    );
    expect(r.out).toEqual([`${p}: at least 1000 errors`]);
  });

  it('a valid file with more warnings than are printed: exit 0, the count line is a warning', async () => {
    const records = Array.from({ length: 250 }, (_, i) => `  - { name: h${i}, type: A, content: 192.0.2.1, ttl: 30 }`);
    const p = file('warnings.yaml', `version: 1\nzone: example.com\nrecords:\n${records.join('\n')}\n`);
    const r = await runCli([p]);
    expect(r.code).toBe(0);
    expect(r.problems).toHaveLength(201);
    expect(r.problems[200]).toBe(`zonectl: warning: ${p}: 50 more problems not shown (the first 200 are above)`);
    expect(r.out).toEqual([`${p}: valid (250 records, 250 warnings)`]);
  });

  it('every problem line has the one format FILE:LINE:COL PATH: message (or warning: message)', async () => {
    const p = file(
      'format.yaml',
      'version: 1\nzone: example.com\nrecords:\n  - { name: www, type: A, content: 192.0.2.1, ttl: 30 }\n  - { name: x, type: A, content: 192.0.2.300 }\n',
    );
    const r = await runCli([p]);
    expect(r.code).toBe(1);
    for (const line of r.problems) expect(line).toMatch(new RegExp(`^${escapeRe(p)}:\\d+:\\d+ [^ :]+: (warning: )?\\S`));
    expect(r.problems.some((l) => l.includes(': warning: ttl 30 is below 60'))).toBe(true);
  });

  it('bytes that are not UTF-8 are an error naming the line, read from the real file', async () => {
    const p = join(dir, 'latin1.yaml');
    writeFileSync(
      p,
      Buffer.concat([
        Buffer.from('version: 1\nzone: example.com\nrecords:\n  - { name: t, type: TXT, content: "caf'),
        Buffer.from([0xe9]),
        Buffer.from('" }\n'),
      ]),
    );
    const r = await runCli([p]);
    expect(r.code).toBe(1);
    expect(r.problems).toEqual([
      `${p}:4:40: the file is not valid UTF-8 here (a byte sequence that is not UTF-8, read as U+FFFD); save the file as UTF-8 (in TXT content, write other bytes as \\DDD decimal escapes inside double quotes)`,
    ]);
    expect(r.out).toEqual([`${p}: 1 error`]);
  });

  it('an alias bomb: one problem with its line, exit 1', async () => {
    const levels = ['  l0: &l0 ["x","x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 10; i += 1)
      levels.push(
        `  l${i}: &l${i} [${Array(10)
          .fill(`*l${i - 1}`)
          .join(',')}]`,
      );
    const p = file('bomb.yaml', `version: 1\nzone: example.com\nx-a:\n${levels.join('\n')}\n`);
    const r = await runCli([p]);
    expect(r.code).toBe(1);
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]).toMatch(new RegExp(`^${escapeRe(p)}:8:\\d+: YAML aliases expand too far`));
  });

  it('a file name with a line break is shown escaped in the summary', async () => {
    const p = file('odd\nname.yaml', example);
    const r = await runCli([p]);
    expect(r.code).toBe(0);
    expect(r.out).toEqual([`${p.replace('\n', '\\n')}: valid (15 records, 1 token)`]);
  });

  it('requires at least one file', async () => {
    await expect(runCli([])).rejects.toThrow(/missing required argument/);
  });
});

describe('collectZoneFiles', () => {
  it('returns valid configs and all problems; a directory stands for the zone files under it', async () => {
    file('z1.yaml', example);
    const r = await collectZoneFiles([dir], {});
    expect(r.configs.map((c) => c.zone)).toContain('example.com');
    const empty = tempDir('empty');
    const none = await collectZoneFiles([empty], {});
    expect(none.configs).toEqual([]);
    expect(none.problems.map((p) => [p.severity, p.file])).toEqual([['error', empty]]);
  });

  it('two files for the same zone are an error', async () => {
    const a = file('a.yaml', example);
    const b = file('b.yaml', example);
    const r = await collectZoneFiles([a, b], {});
    expect(r.configs).toHaveLength(1);
    expect(r.problems.map((p) => p.message)).toEqual([`zone example.com is also described by ${a}; one file per zone`]);
  });
});
