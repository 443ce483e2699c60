/**
 * What the docs show users to copy: every document of the repository (README.md, SECURITY.md,
 * docs/, examples/, the other READMEs, action.yml) and, in it, every YAML block (a fenced
 * ```yaml block of a markdown file, or a whole .yml/.yaml file), with the pipelines among them
 * told apart: a GitHub Actions workflow (`jobs:` with `steps:` or `runs-on:`) or a GitLab CI
 * pipeline (a job with `script:`, or `stages:`).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface DocSource {
  /** Relative to the repository root. */
  readonly file: string;
  readonly text: string;
}

/** Directories never read as docs: dependencies, builds, recorded third-party material. */
const SKIPPED = new Set(['node_modules', 'dist', '.git', 'fixtures', 'coverage']);

function walk(dir: string, keep: (file: string) => boolean): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED.has(entry.name)) out.push(...walk(path, keep));
    } else if (entry.isFile() && keep(path)) out.push(path);
  }
  return out;
}

/** Every document: markdown anywhere (but dependencies, builds, fixtures), examples/ whole, action.yml. */
export function docSources(root = REPO_ROOT): DocSource[] {
  const markdown = walk(root, (f) => f.endsWith('.md'));
  const examples = walk(join(root, 'examples'), () => true);
  const files = [...new Set([...markdown, ...examples, join(root, 'action.yml')])].filter((f) => statSync(f).isFile()).sort();
  return files.map((f) => ({ file: relative(root, f), text: readFileSync(f, 'utf8') }));
}

export interface YamlBlock {
  readonly file: string;
  /** Line of the block's first line in its file (1-based). */
  readonly line: number;
  readonly text: string;
  /** The parsed value; undefined when the block is not valid YAML (e.g. a sketch with `...`). */
  readonly value: unknown;
}

const FENCE = /^```(ya?ml)\s*$/;

/** The YAML blocks of one document. */
export function yamlBlocks(source: DocSource): YamlBlock[] {
  const parse = (text: string): unknown => {
    try {
      return parseYaml(text) as unknown;
    } catch {
      return undefined;
    }
  };
  if (/\.ya?ml$/.test(source.file)) return [{ file: source.file, line: 1, text: source.text, value: parse(source.text) }];
  if (!source.file.endsWith('.md')) return [];
  const lines = source.text.split('\n');
  const blocks: YamlBlock[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    if (!FENCE.test(lines[i]!)) continue;
    const end = lines.findIndex((l, j) => j > i && l.startsWith('```'));
    if (end < 0) break;
    const text = lines.slice(i + 1, end).join('\n');
    blocks.push({ file: source.file, line: i + 2, text, value: parse(text) });
    i = end;
  }
  return blocks;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A GitHub Actions workflow: `jobs:` whose jobs have `steps:` or `runs-on:`. */
export function isGitHubWorkflow(value: unknown): value is { jobs: Record<string, Record<string, unknown>> } {
  return (
    isObject(value) &&
    isObject(value.jobs) &&
    Object.values(value.jobs).some((j) => isObject(j) && (Array.isArray(j.steps) || j['runs-on'] !== undefined))
  );
}

/** A GitLab CI pipeline: a job with `script:`, or `stages:`. */
export function isGitLabPipeline(value: unknown): value is Record<string, unknown> {
  return (
    isObject(value) &&
    !isGitHubWorkflow(value) &&
    (Array.isArray(value.stages) || Object.values(value).some((j) => isObject(j) && j.script !== undefined))
  );
}

/** Where a block is, for messages: `README.md:312`. */
export const placeOf = (block: YamlBlock): string => `${block.file}:${block.line}`;
