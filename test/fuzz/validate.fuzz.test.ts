/**
 * Fuzz test of `validate`: mutated zone files (broken YAML, alias bombs, bytes that are not
 * UTF-8, control characters, huge and deeply nested input) must always get an answer that
 * follows the rules of the error format, never an exception or a stack trace:
 * - a config exactly when there is no error (exit 0), else exit 1;
 * - every problem has a position inside the file (line and column from 1);
 * - every printed line is one line: `FILE:LINE:COL PATH: message` (or `... warning: message`),
 *   a summary `FILE: ...`, or a `zonectl: error...` line; no control character is printed;
 * - the work is bounded: the environment reads of the `${VAR}` walk are counted (an alias bomb
 *   would read it billions of times) and at most PROBLEM_LIMIT + 1 problems come back.
 * The vitest timeout is the hang guard; nothing here measures wall-clock time.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateAndShow } from '../../src/cli/commands/validate.js';
import { formatProblem, type Problem, PROBLEM_LIMIT } from '../../src/core/yaml/index.js';
import { parseZoneFile } from '../../src/core/zonefile/index.js';
import { runCli } from '../support/run-cli.js';
import { aliasBomb } from '../fixtures/zonefile/hostile.js';
import { mutatedBytes } from './mutations.js';
import { tempDir } from '../support/temp-dir.js';

const BASE = readFileSync(new URL('../../examples/zone.yaml', import.meta.url));
const dir = tempDir('fuzz');

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

const mutatedFile = mutatedBytes(BASE);

/** An environment that counts its reads. */
function countingEnv(): { env: Record<string, string | undefined>; reads: () => number } {
  let reads = 0;
  const env = new Proxy({} as Record<string, string | undefined>, {
    get() {
      reads += 1;
      return undefined;
    },
  });
  return { env, reads: () => reads };
}

/**
 * Lines as YAML counts them: CRLF, LF and a lone CR each end a line (YAML 1.2.2, 5.4 "Line Break
 * Characters", https://yaml.org/spec/1.2.2/#54-line-break-characters), and js-yaml, whose marks
 * give the problems' lines, counts so. Counting LF alone, a file with a lone CR seemed to get a
 * line past its end (a seed found it: a CR before examples/zone.yaml, `${UNSET_${` after it).
 */
function lineCount(text: string): number {
  return text.split(/\r\n|\r|\n/).length;
}

function checkProblems(problems: readonly Problem[], text: string, file: string): void {
  const lines = lineCount(text);
  expect(problems.length).toBeLessThanOrEqual(PROBLEM_LIMIT + 1);
  for (const p of problems) {
    expect(p.file).toBe(file);
    expect(Number.isInteger(p.line) && p.line >= 1 && p.line <= lines + 1, `line ${p.line} of ${lines}: ${formatProblem(p)}`).toBe(true);
    expect(Number.isInteger(p.col) && p.col >= 1).toBe(true);
    const shown = formatProblem(p);
    expect(shown).not.toMatch(CONTROL);
    expect(shown.startsWith(`${file}:${p.line}:${p.col}`)).toBe(true);
  }
}

const PROBLEM_LINE = (file: string): RegExp =>
  new RegExp(`^(${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+( .+?)?: (warning: )?\\S|zonectl: (error|warning))`);

describe('validate on mutated zone files', () => {
  it('in-process: never throws, positions everywhere, bounded work, a config exactly when there is no error', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(mutatedFile, (bytes) => {
        const text = bytes.toString('utf8');
        const counter = countingEnv();
        const { config, problems } = parseZoneFile({ path: 'fuzz.yaml', text }, counter.env);
        for (const p of problems) seen.add(p.code);
        if (config) seen.add('(valid)');
        checkProblems(problems, text, 'fuzz.yaml');
        expect(config !== undefined).toBe(!problems.some((p) => p.severity === 'error'));
        // Each ${VAR} occurrence is read once per place it is used; aliases may add at most
        // their budget (100,000 values plus twice what the file writes).
        expect(counter.reads()).toBeLessThanOrEqual(100_000 + 3 * text.length);
      }),
      // The case a random seed found (547523242): a lone CR at the start, an unclosed `${` at the end.
      { numRuns: 300, seed: 20261122, examples: [[Buffer.concat([Buffer.from('\r'), BASE, Buffer.from('${UNSET_${')])]] },
    );
    // The mutations reach every kind of hostile input they are meant to (not only syntax errors).
    for (const kind of ['(valid)', 'yaml.syntax', 'yaml.alias-bomb', 'yaml.depth', 'file.utf8']) expect(seen).toContain(kind);
  }, 120_000);

  it("through validate's own code: exit 0 or 1 as the problems say, every line in the one format", async () => {
    await fc.assert(
      fc.asyncProperty(mutatedFile, async (bytes) => {
        const file = join(dir, 'fuzz.yaml');
        writeFileSync(file, bytes);
        const stdout: string[] = [];
        const stderr: string[] = [];
        const code = await validateAndShow([file], { out: (l) => stdout.push(l), err: (l) => stderr.push(l), env: {} });
        // The oracle: the loader in this process, not the command's own words.
        const valid = !parseZoneFile({ path: file, text: bytes.toString('utf8') }, {}).problems.some((p) => p.severity === 'error');
        expect(code).toBe(valid ? 0 : 1);
        expect(stderr).toEqual([]);
        // Problem lines, then one summary line, all on stdout.
        const problems = stdout.slice(0, -1);
        const summary = stdout[stdout.length - 1] ?? '';
        expect(problems.length).toBeLessThanOrEqual(201);
        for (const line of stdout) expect(line).not.toMatch(CONTROL);
        for (const line of problems) expect(line).toMatch(PROBLEM_LINE(file));
        expect(summary).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: (valid \\(|(at least )?\\d+ errors?)`));
        expect(summary.startsWith(`${file}: valid (`)).toBe(valid);
      }),
      { numRuns: 100, seed: 20261123 },
    );
  }, 120_000);

  it('huge inputs: a 20,000-line flow sequence, a 1 MB scalar, 50,000 aliases of one record', () => {
    const huge = [
      `version: 1\nzone: example.com\nx-list: [${Array.from({ length: 20_000 }, (_, i) => `${i}`).join(',\n ')}]\n`,
      `version: 1\nzone: example.com\nrecords:\n  - { name: t, type: TXT, content: "${'a'.repeat(1_000_000)}" }\n`,
      `version: 1\nzone: example.com\nx-r: &r { name: "@", type: A, content: 192.0.2.1 }\nrecords:\n${'  - *r\n'.repeat(50_000)}`,
    ];
    for (const text of huge) {
      const counter = countingEnv();
      const { problems } = parseZoneFile({ path: 'huge.yaml', text }, counter.env);
      checkProblems(problems, text, 'huge.yaml');
      expect(counter.reads()).toBe(0);
    }
  }, 120_000);

  it('through the real CLI: 40 mutated files in one run; each file valid exactly when the in-process loader finds no error', async () => {
    // ZONECTL_FUZZ_SEED as test/support/fast-check-seed.ts reads it (`random` draws a new one).
    const seed = process.env.ZONECTL_FUZZ_SEED ? (fc.readConfigureGlobal().seed ?? Date.now() % 2 ** 31) : 20261125;
    const samples = fc.sample(mutatedFile, { numRuns: 38, seed });
    samples.push(Buffer.from(aliasBomb(10)), Buffer.concat([BASE, Buffer.from([0xc3, 0x28])]));
    // One zone per file in a run: each sample describes its own zone (where the mutation left the line).
    for (const [i, bytes] of samples.entries())
      samples[i] = Buffer.from(bytes.toString('latin1').replace('\nzone: example.com\n', `\nzone: z${i}.example.com\n`), 'latin1');
    const files = samples.map((bytes, i) => {
      const file = join(dir, `cli-${i}.yaml`);
      writeFileSync(file, bytes);
      return file;
    });
    // The oracle: the loader, in this process, on the same bytes (not the CLI's own words).
    const expected = samples.map(
      (bytes, i) => !parseZoneFile({ path: files[i], text: bytes.toString('utf8') }, {}).problems.some((p) => p.severity === 'error'),
    );
    const why = `seed ${seed} (ZONECTL_FUZZ_SEED)`;
    expect(expected, why).toContain(false);
    expect(expected, why).toContain(true);

    const json = await runCli(['validate', '--format', 'json', ...files]);
    expect(json.stderr, why).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/);
    const doc = JSON.parse(json.stdout) as { files: { file: string; valid: boolean; problems: { line: number }[] }[] };
    expect(
      doc.files.map((f) => f.file),
      why,
    ).toEqual(files);
    expect(
      doc.files.map((f) => f.valid),
      why,
    ).toEqual(expected);
    expect(json.code, why).toBe(expected.every(Boolean) ? 0 : 1);

    const text = await runCli(['validate', ...files]);
    expect(text.code, why).toBe(json.code);
    expect(text.stderr, why).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/);
    for (const line of text.stdout.split('\n').filter((l) => l !== '')) expect(line, why).not.toMatch(CONTROL);
    files.forEach((file, i) => {
      const summary = text.stdout.split('\n').filter((l) => l.startsWith(`${file}: `) && !/^\S+:\d+:\d+/.test(l));
      expect(summary, `${why}: ${file}`).toHaveLength(1);
      expect(summary[0].startsWith(`${file}: valid (`), `${why}: ${file}`).toBe(expected[i]);
    });
  }, 120_000);
});
