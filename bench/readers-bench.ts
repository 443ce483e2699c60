/**
 * `npm run bench -- readers`: the YAML readers on the 1,400-record team zone (bench/team-zone.ts),
 * each in a fresh process as a CLI run meets it (code not yet compiled by the JIT): `parseYaml`
 * (src/core/yaml/parse-yaml.ts: simple-yaml.ts for plain YAML, js-yaml for the rest), js-yaml
 * alone (`parseYamlWithJsYaml`), and `yaml`'s parseDocument with a LineCounter (what the editor
 * and octoDNS's reader of old used). Wall time of the parse alone (median, runs in turns), and,
 * where valgrind is installed, the main thread's instructions less those of a run that only
 * reads the file. docs/architecture.md ("One YAML reader") keeps simple-yaml.ts only while
 * js-yaml alone costs more than 1.25x parseYaml's instructions here.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { callgrindAvailable, countInstructions } from './instructions.js';
import { median } from './measure.js';
import { teamRecords, teamZoneText } from './team-zone.js';

export const READERS = ['parseYaml', 'js-yaml alone', 'yaml parseDocument'] as const;
export type Reader = (typeof READERS)[number];

export interface ReaderRow {
  readonly reader: Reader;
  readonly medianMs: number;
  /** Main-thread instructions of the parse (a run that reads the file subtracted); undefined without valgrind. */
  readonly instructions?: number;
}

// The child: `node readers.cjs MODE FILE` prints the parse's milliseconds (MODE none only reads).
const CHILD = `
import { readFileSync } from 'node:fs';
import { LineCounter, parseDocument } from 'yaml';
import { parseYaml, parseYamlWithJsYaml } from './src/core/yaml/parse-yaml.ts';
const [mode, file] = process.argv.slice(2);
const text = readFileSync(file, 'utf8');
const started = performance.now();
let ok = true;
if (mode === '0') ok = parseYaml(text).ok;
else if (mode === '1') ok = parseYamlWithJsYaml(text).ok;
else if (mode === '2') {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  ok = doc.errors.length === 0 && doc.toJS() !== undefined;
}
const ms = performance.now() - started;
if (!ok) throw new Error('the team zone did not parse');
process.stdout.write(String(ms));
`;

export async function benchReaders(root: string, dir: string, runs: number): Promise<{ records: number; rows: ReaderRow[] }> {
  const records = 1400;
  const zone = join(dir, 'readers-team.yaml');
  writeFileSync(zone, teamZoneText(teamRecords(records)));
  const script = join(dir, 'readers.cjs');
  await build({
    stdin: { contents: CHILD, resolveDir: root, loader: 'ts', sourcefile: 'readers-child.ts' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile: script,
    logLevel: 'warning',
  });
  const times: number[][] = READERS.map(() => []);
  for (let turn = 0; turn <= runs; turn += 1) {
    READERS.forEach((_, mode) => {
      const r = spawnSync(process.execPath, [script, String(mode), zone], { encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`readers bench: ${READERS[mode]}: ${r.stderr}`);
      if (turn > 0) times[mode]!.push(Number(r.stdout)); // turn 0 warms the file cache
    });
  }
  let counts: number[] | undefined;
  if (callgrindAvailable()) {
    const env = { PATH: process.env.PATH ?? '' };
    const base = (await countInstructions([script, 'none', zone], dir, env)).main;
    counts = [];
    for (let mode = 0; mode < READERS.length; mode += 1)
      counts.push((await countInstructions([script, String(mode), zone], dir, env)).main - base);
  }
  return { records, rows: READERS.map((reader, i) => ({ reader, medianMs: median(times[i]!), instructions: counts?.[i] })) };
}
