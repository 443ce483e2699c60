/**
 * Issue 33 item 1: the CI recipes run on every change a zone depends on. A pull request that
 * edits only a fragment (`shared/mail.yaml`, included by the zones) or `zonectl.yaml` must run
 * plan, and its merge apply; a filter on `zones/**` alone merged such changes and never applied
 * them.
 *
 * The repository is the README's ("Many zones: a repository of zone files": its tree, and the
 * files it shows), built in a temporary directory; zonectl itself says which files each zone
 * depends on (`validate --format json`: `depends_on`: the zone file, its fragments directly or
 * not, the zonectl.yaml it reads). Every path filter of every workflow the docs show must match
 * each of them, with the platform's own matching rules:
 *
 * - GitHub (`on.<event>.paths`, `paths-ignore`): the filter pattern cheat sheet,
 *   https://docs.github.com/en/actions/writing-workflows/workflow-syntax-for-github-actions#filter-pattern-cheat-sheet :
 *   `*` matches any character but `/`, `**` any character including `/`; a pattern must match the
 *   whole path from the repository root; `!` at the start negates earlier matches (the last
 *   matching pattern decides).
 * - GitLab (`rules:changes`, a list or `changes: paths:`): Ruby's `File.fnmatch?` with
 *   `File::FNM_PATHNAME | File::FNM_DOTMATCH | File::FNM_EXTGLOB`, https://docs.gitlab.com/ci/yaml/#ruleschanges :
 *   `**​/` matches directories recursively (none included), `**` not followed by `/` is a `*` that
 *   stops at `/`, `{a,b}` alternatives, dot files matched.
 *
 * picomatch (with `dot: true`) implements both once `**` is limited to what the two agree on: a
 * GitHub pattern whose `**` is part of a path segment (`**.js`) is refused here rather than
 * matched by other rules than GitHub's.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import picomatch from 'picomatch';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { docSources, isGitHubWorkflow, isGitLabPipeline, placeOf, REPO_ROOT, yamlBlocks } from './doc-sources.js';
import { tempDir } from '../support/temp-dir.js';

type Platform = 'github' | 'gitlab';

/** GitHub's `paths` (and `paths-ignore`): does the filter let a change of `file` run the workflow? */
function gitHubRuns(filter: { paths?: readonly string[]; ignore?: readonly string[] }, file: string): boolean {
  const match = (pattern: string): boolean => {
    if (/[^/]\*\*|\*\*[^/]/.test(pattern)) throw new Error(`${pattern}: \`**\` inside a path segment is not checked here`);
    return picomatch(pattern, { dot: true })(file);
  };
  if (filter.ignore !== undefined) return !filter.ignore.some(match);
  let included = false;
  for (const p of filter.paths ?? ['**']) {
    if (p.startsWith('!')) {
      if (match(p.slice(1))) included = false;
    } else if (match(p)) included = true;
  }
  return included;
}

/** GitLab's `rules:changes`: File.fnmatch? with FNM_PATHNAME | FNM_DOTMATCH | FNM_EXTGLOB. */
function gitLabRuns(patterns: readonly string[], file: string): boolean {
  // `**` counts as a directory wildcard only as `**/`; elsewhere it is a `*` (FNM_PATHNAME).
  const fnmatch = (pattern: string): string => pattern.replace(/\*\*(?!\/)/g, '*');
  return patterns.some((p) => picomatch(fnmatch(p), { dot: true })(file));
}

interface Filter {
  readonly where: string;
  readonly platform: Platform;
  readonly runs: (file: string) => boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const strings = (v: unknown): string[] | undefined => (Array.isArray(v) ? v.map(String) : undefined);

/** Every path filter of a GitHub workflow's `on:` (pull_request, push, ...). */
function gitHubFilters(place: string, workflow: Record<string, unknown>): Filter[] {
  const on = workflow.on;
  if (!isObject(on)) return [];
  return Object.entries(on).flatMap(([event, config]): Filter[] => {
    if (!isObject(config)) return [];
    const paths = strings(config.paths);
    const ignore = strings(config['paths-ignore']);
    if (paths === undefined && ignore === undefined) return [];
    const filter = { ...(paths ? { paths } : {}), ...(ignore ? { ignore } : {}) };
    return [{ where: `${place} on.${event}`, platform: 'github', runs: (file) => gitHubRuns(filter, file) }];
  });
}

/** Every `rules:changes` of a GitLab pipeline's jobs. */
function gitLabFilters(place: string, pipeline: Record<string, unknown>): Filter[] {
  return Object.entries(pipeline).flatMap(([name, job]): Filter[] => {
    if (!isObject(job) || !Array.isArray(job.rules)) return [];
    return job.rules.flatMap((rule, i): Filter[] => {
      if (!isObject(rule) || rule.changes === undefined) return [];
      const patterns = strings(rule.changes) ?? (isObject(rule.changes) ? strings(rule.changes.paths) : undefined) ?? [];
      return [{ where: `${place} ${name}.rules[${i}].changes`, platform: 'gitlab', runs: (file) => gitLabRuns(patterns, file) }];
    });
  });
}

/** The README's repository: the tree of "Many zones: a repository of zone files" and the files it shows. */
function readmeRepository(): Map<string, string> {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Many zones: a repository of zone files'));
  const tree = /```text\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  // `repo/`, then entries indented two spaces a level: directories end with `/`.
  const files: string[] = [];
  const dirs: string[] = [];
  for (const line of tree.split('\n').slice(1)) {
    const m = /^( +)(\S+)/.exec(line);
    if (m === null) continue;
    const depth = m[1]!.length / 2 - 1;
    dirs.length = depth;
    if (m[2]!.endsWith('/')) dirs.push(m[2]!.slice(0, -1));
    else files.push([...dirs, m[2]!].join('/'));
  }
  // The contents the README shows (a block whose first line is `# PATH...`), else one of the kind the tree says.
  const shown = new Map<string, string>();
  for (const block of yamlBlocks({ file: 'README.md', text: readme })) {
    const path = /^# (\S+?):?(\s|$)/.exec(block.text)?.[1];
    if (path !== undefined && !shown.has(path)) shown.set(path, `${block.text}\n`);
  }
  const repo = new Map<string, string>();
  for (const file of files.filter((f) => f.endsWith('.yaml') && !f.startsWith('.github/'))) {
    const zone = /^zones\/(.+)\.yaml$/.exec(file)?.[1];
    repo.set(
      file,
      shown.get(file) ??
        (zone !== undefined
          ? `version: 1\nzone: ${zone}\ninclude: [../shared/mail.yaml]\nrecords:\n  - { name: www, type: A, content: 192.0.2.20 }\n`
          : 'version: 1\nrecords:\n  - { name: "@", type: CAA, data: { flags: 0, tag: issue, value: letsencrypt.org } }\n'),
    );
  }
  // A repository configuration (the root holds it, as "Many zones: several accounts and credentials" says).
  repo.set(
    'zonectl.yaml',
    'version: 1\naccounts:\n  main:\n    account_id: 0123456789abcdef0123456789abcdef\n    credentials: { token_env: CF_MAIN_TOKEN }\n',
  );
  return repo;
}

describe('the CI recipes run on every file a zone depends on', () => {
  let dir: string;
  let dependencies: string[];

  beforeAll(async () => {
    dir = tempDir('path-filters');
    mkdirSync(join(dir, '.git'));
    for (const [file, text] of readmeRepository()) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), text);
    }
    const validated = await runCli(['validate', 'zones/', '--format', 'json'], {}, dir);
    expect(validated.code, validated.stdout + validated.stderr).toBe(0);
    const files = (JSON.parse(validated.stdout) as { files: Array<{ zone?: string; depends_on?: string[] }> }).files;
    dependencies = [...new Set(files.flatMap((f) => f.depends_on ?? []))].sort();
  }, 120_000);

  it('zonectl lists what each zone of the README’s repository reads: its file, its fragments, zonectl.yaml', () => {
    expect(dependencies).toEqual([
      'shared/caa.yaml',
      'shared/mail.yaml',
      'zonectl.yaml',
      'zones/example.com.yaml',
      'zones/example.org.yaml',
    ]);
  });

  it('the matchers follow GitHub’s and GitLab’s rules (and would have caught the old filters)', () => {
    expect(gitHubRuns({ paths: ['zones/**'] }, 'zones/org/example.org.yml')).toBe(true);
    expect(gitHubRuns({ paths: ['zones/**'] }, 'shared/mail.yaml')).toBe(false);
    expect(gitHubRuns({ paths: ['zones/**'] }, 'zonectl.yaml')).toBe(false);
    expect(gitHubRuns({ paths: ['zones/*'] }, 'zones/org/example.org.yml')).toBe(false);
    expect(gitHubRuns({ paths: ['**', '!shared/**'] }, 'shared/mail.yaml')).toBe(false);
    expect(gitHubRuns({ ignore: ['docs/**'] }, 'shared/mail.yaml')).toBe(true);
    expect(() => gitHubRuns({ paths: ['**.yaml'] }, 'zonectl.yaml')).toThrow(/inside a path segment/);
    expect(gitLabRuns(['zones/**/*'], 'zones/example.com.yaml')).toBe(true);
    expect(gitLabRuns(['zones/**/*'], 'zones/org/example.org.yml')).toBe(true);
    expect(gitLabRuns(['zones/**/*'], 'shared/mail.yaml')).toBe(false);
    // FNM_PATHNAME: `zones/**` is `zones/*`, one level only.
    expect(gitLabRuns(['zones/**'], 'zones/org/example.org.yml')).toBe(false);
    expect(gitLabRuns(['{zones,shared}/**/*'], 'shared/mail.yaml')).toBe(true);
  });

  it('every path filter of every workflow the docs show matches every one of them', () => {
    const blocks = docSources().flatMap(yamlBlocks);
    const filters = [
      ...blocks.filter((b) => isGitHubWorkflow(b.value)).flatMap((b) => gitHubFilters(placeOf(b), b.value as Record<string, unknown>)),
      ...blocks.filter((b) => isGitLabPipeline(b.value)).flatMap((b) => gitLabFilters(placeOf(b), b.value as Record<string, unknown>)),
    ];
    // The recipes' plan and apply triggers are among them (else this test would check nothing).
    expect(filters.map((f) => f.where)).toEqual(
      expect.arrayContaining([
        'examples/ci/github/zonectl-plan.yml:1 on.pull_request',
        'examples/ci/github/zonectl-apply.yml:1 on.push',
        'examples/ci/gitlab/.gitlab-ci.yml:1 plan.rules[0].changes',
        'examples/ci/gitlab/.gitlab-ci.yml:1 apply.rules[0].changes',
        'examples/ci/github-two-accounts/zonectl-plan.yml:1 on.pull_request',
        'examples/ci/github-two-accounts/zonectl-apply.yml:1 on.push',
        'examples/ci/gitlab/two-accounts.gitlab-ci.yml:1 plan.rules[0].changes',
        'examples/ci/gitlab/two-accounts.gitlab-ci.yml:1 apply.rules[0].changes',
      ]),
    );
    const missed = filters.flatMap((f) => dependencies.filter((d) => !f.runs(d)).map((d) => `${f.where} (${f.platform}): misses ${d}`));
    expect(missed).toEqual([]);
  });
});
