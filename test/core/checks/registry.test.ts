/**
 * The check registry (src/core/checks/registry.ts) against the sources that emit the codes, the
 * list in docs/checks.md, and `zonectl lint --list`. The type of a rule's problem sink keeps
 * codes that are not literals registered too (`npm run typecheck`).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CHECKS, lintCheckId, type LintCode } from '../../../src/core/checks/registry.js';
import { runCli } from '../../support/run-cli.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const RULES_DIR = 'src/core/zonefile/rules';
/** Each record type's own checks (its definition's `check`). */
const RECORD_TYPES_DIR = 'src/core/record-types';
const LINT_DIR = 'src/core/lint';
/** DNSSEC's rules and lint checks (src/core/dnssec/rules.ts, lint.ts; run by zonefile/rules/dnssec.ts and lint/index.ts). */
const DNSSEC_DIR = 'src/core/dnssec';

function sources(dir: string): Map<string, string> {
  return new Map(
    readdirSync(join(root, dir))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => [`${dir}/${f}`, readFileSync(join(root, dir, f), 'utf8')]),
  );
}

/** The literal codes passed to a problem sink in the rule files (the first argument of `sink.error(...)` and the like). */
function sinkLiterals(text: string): string[] {
  return [
    ...text.matchAll(/sink\.(?:error|warning|keyError|keyWarning|at)\(\s*(?:'(?:error|warning)',\s*)?'([^']+)'/g),
    // src/core/dnssec/rules.ts: problem(input, 'error', 'dnssec.…', …)
    ...text.matchAll(/problem\(\s*input,\s*'(?:error|warning)',\s*'([^']+)'/g),
  ].map((m) => m[1]!);
}

/** The codes the lint checks pass to `finding(ctx, record, field, CODE, ...)`, as problem codes. */
function findingCodes(text: string): string[] {
  return [...text.matchAll(/finding\(\s*(?:ctx|input),\s*[^,]+,\s*[^,]+,\s*'([A-Z0-9_]+)'/g)].map((m) => lintCheckId(m[1] as LintCode));
}

/** `| \`id\` | \`file\` |` rows of docs/checks.md. */
function documented(): Map<string, string> {
  const doc = readFileSync(join(root, 'docs/checks.md'), 'utf8');
  return new Map([...doc.matchAll(/^\| `([^`]+)` \| `([^`]+)` \|$/gm)].map((m) => [m[1]!, m[2]!]));
}

const ids = CHECKS.map((c) => c.id);
const dnssec = sources(DNSSEC_DIR);
const rules = new Map([
  ...sources(RULES_DIR),
  ...sources(RECORD_TYPES_DIR),
  ['src/core/dnssec/rules.ts', dnssec.get('src/core/dnssec/rules.ts')!],
]);
const lint = new Map([...sources(LINT_DIR), ['src/core/dnssec/lint.ts', dnssec.get('src/core/dnssec/lint.ts')!]]);
/** The checks against the live zone: its tier, its record quota. */
const PLAN_FILES = ['src/core/tier-limits.ts', 'src/core/record-quota.ts'];
const plan = new Map(PLAN_FILES.filter((f) => existsSync(join(root, f))).map((f) => [f, readFileSync(join(root, f), 'utf8')]));

describe('the check registry', () => {
  it('has one entry per id, each with a severity, a reference, a description and where it runs', () => {
    expect(new Set(ids).size).toBe(ids.length);
    for (const c of CHECKS) {
      expect(c.id, c.id).toMatch(/^[a-z]+\.[a-z0-9-]+$/);
      expect(['error', 'warning', 'error or warning']).toContain(c.severity);
      expect(['validate', 'lint', 'both', 'plan']).toContain(c.runs);
      expect(c.ref.trim(), c.id).not.toBe('');
      expect(c.description.trim(), c.id).not.toBe('');
      expect(c.description, c.id).not.toContain('\n');
    }
  });

  it('registers every literal code a zone-file rule emits, and every code a lint check emits', () => {
    const emitted = [...[...rules.values()].flatMap(sinkLiterals), ...[...lint.values()].flatMap(findingCodes)];
    expect(emitted.length).toBeGreaterThan(80);
    expect([...new Set(emitted)].filter((code) => !ids.includes(code))).toEqual([]);
  });

  it('has no entry that nothing emits: each id is written in the rule or lint file docs/checks.md names', () => {
    const docs = documented();
    for (const c of CHECKS) {
      const file = docs.get(c.id);
      expect(file, `${c.id} is listed in docs/checks.md`).toBeDefined();
      const text = (c.runs === 'validate' ? rules : c.runs === 'plan' ? plan : lint).get(file!);
      expect(text, `${c.id}: ${file} is a ${c.runs === 'validate' ? 'rule' : c.runs} file`).toBeDefined();
      const written =
        c.runs === 'validate' || c.runs === 'plan' ? `'${c.id}'` : `'${c.id.slice('lint.'.length).toUpperCase().replace(/-/g, '_')}'`;
      expect(text, `${c.id} in ${file}`).toContain(written);
    }
  });

  it('docs/checks.md lists exactly the registered ids', () => {
    expect([...documented().keys()].sort()).toEqual([...ids].sort());
  });

  it('every check names its source, a warning as a refusal does: a documented rule, a real answer, a protocol limit, the file itself, or (warnings only) an RFC on what resolvers do (issues 28, 43)', () => {
    const missing = CHECKS.filter((c) => (c as { source?: unknown }).source === undefined).map((c) => c.id);
    expect(missing, 'checks without a source').toEqual([]);
    expect(CHECKS.filter((c) => c.severity === 'warning').length).toBeGreaterThan(40);
    for (const c of CHECKS) {
      const s = c.source;
      switch (s.kind) {
        case 'doc':
          // The service's own documentation or API schema, never this repository or the emulator.
          expect(s.url, c.id).toMatch(/^https:\/\/(developers\.cloudflare\.com\/|github\.com\/cloudflare\/)/);
          break;
        case 'answer':
          // An issue or pull request quoting the live answer, or a recording of this repository.
          if (s.where.startsWith('test/fixtures/recorded/')) expect(existsSync(join(root, s.where)), `${c.id}: ${s.where}`).toBe(true);
          else expect(s.where, c.id).toMatch(/^https:\/\/github\.com\/[\w.-]+\/[\w.-]+\/(issues|pull)\/\d+$/);
          break;
        case 'protocol':
          expect(s.rfc, c.id).toMatch(/^RFC \d+ §/);
          break;
        case 'rfc':
          // What resolvers do supports a warning, never a refusal: the service may hold such data.
          expect(c.severity, `${c.id}: an RFC on resolvers is no source for a refusal`).toBe('warning');
          expect(s.rfc, c.id).toMatch(/^RFC \d+ §/);
          break;
        case 'file':
          expect(s.why.trim(), c.id).not.toBe('');
          break;
        default:
          throw new Error(`${c.id}: unknown source ${JSON.stringify(s)}`);
      }
    }
  });

  it('no warning guesses without a source: the digit-first and "looks like another domain" warnings are gone (issue 43, item 9)', () => {
    expect(ids).not.toContain('name.digit-first');
    expect(ids).not.toContain('name.other-domain');
  });

  it('a check registered as a warning is never emitted as an error (nor a registered error as a warning)', () => {
    const calls = [...rules.values()].flatMap((text) => [
      ...[...text.matchAll(/sink\.error\(\s*'([^']+)'/g)].map((m) => ({ id: m[1]!, as: 'error' })),
      ...[...text.matchAll(/sink\.warning\(\s*'([^']+)'/g)].map((m) => ({ id: m[1]!, as: 'warning' })),
    ]);
    const severity = new Map(CHECKS.map((c) => [c.id, c.severity]));
    const wrong = calls.filter(
      (call) =>
        (call.as === 'error' && severity.get(call.id) === 'warning') || (call.as === 'warning' && severity.get(call.id) === 'error'),
    );
    expect(wrong).toEqual([]);
  });

  it('the lint checks run in lint and validate, the zone-file rules in validate, the tier and quota checks in plan', () => {
    expect(new Set(CHECKS.filter((c) => c.id.startsWith('lint.')).map((c) => c.runs))).toEqual(new Set(['both']));
    expect(new Set(CHECKS.filter((c) => !c.id.startsWith('lint.') && !/^(tier|quota)\./.test(c.id)).map((c) => c.runs))).toEqual(
      new Set(['validate']),
    );
    // The checks against the live zone (its tier, its quota) run where the zone is read: plan, drift, apply.
    expect(new Set(CHECKS.filter((c) => /^(tier|quota)\./.test(c.id)).map((c) => c.runs))).toEqual(new Set(['plan']));
  });
});

describe('zonectl lint --list', () => {
  it('prints the registry as a table: a header, then one line per check with its id, severity, runs and reference', async () => {
    const r = await runCli(['lint', '--list']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID +SEVERITY +RUNS +DESCRIPTION \(RULE\)$/);
    expect(lines.slice(1).map((l) => l.split(/\s+/)[0])).toEqual(ids);
    const spf = lines.find((l) => l.startsWith('lint.spf-permissive-all '));
    expect(spf).toMatch(/^lint\.spf-permissive-all +warning +both +SPF ends with -all or ~all, not \+all or \?all \(RFC 7208 §5\.1\)$/);
    expect(lines.find((l) => l.startsWith('record.duplicate '))).toMatch(/ error +validate +no record is written twice \(RFC 2181 §5\)$/);
  });

  it('--format json prints one document with every check', async () => {
    const r = await runCli(['lint', '--list', '--format', 'json']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as { command: string; checks: unknown[] };
    expect(doc.command).toBe('lint');
    expect(doc.checks).toEqual(
      CHECKS.map((c) => ({
        id: c.id,
        severity: c.severity,
        runs: c.runs,
        ref: c.ref,
        description: c.description,
        source: c.source,
      })),
    );
  });

  it('takes no files, and lint without --list still needs them', async () => {
    const [withFiles, without] = await Promise.all([runCli(['lint', '--list', 'zones/']), runCli(['lint'])]);
    expect(withFiles.code).toBe(1);
    expect(withFiles.stderr).toContain('error: --list takes no files');
    expect(withFiles.stdout).toBe('');
    expect(without.code).toBe(1);
    expect(without.stderr).toContain("error: missing required argument 'files'");
    expect(without.stdout).toBe('');
  });
});
