/**
 * `zonectl lint FILE...`: what breaks mail and the web, from the zone files alone (no API call).
 * Findings are results: one line each on stdout (`FILE:LINE:COL PATH: warning: message`), then a
 * summary line per file; a file that does not load prints its errors the same way. `--strict`
 * makes findings errors (exit 1). `--format json`: one document on stdout (every finding in the
 * shape `validate --format json` uses, a summary per file and for the run); `--format sarif`: a
 * SARIF 2.1.0 log of the same (src/core/render/render-sarif.ts). `--list`: the check
 * registry (every zone-file rule and lint check) instead, as a table or (`--format json`) one document.
 */
import { Option, type Command } from 'commander';
import { loadZoneFilesDetailed, type LoadedZoneFile } from '../../app/files/index.js';
import { lintZone } from '../../core/lint/index.js';
import { renderCheckJson, renderCheckTable } from '../../core/render/render-checks.js';
import { renderSarif } from '../../core/render/render-sarif.js';
import { VERSION } from '../version.js';
import { formatProblem, type Problem } from '../../core/yaml/index.js';
import { printable } from '../../core/text/index.js';
import { examplesText } from '../help-examples.js';
import { EXIT, out } from '../output/io.js';
import { jsonProblem } from '../output/json-error.js';

interface LintedFile {
  readonly path: string;
  readonly zone?: string;
  /** The file's own errors (it did not load). */
  readonly errors: readonly Problem[];
  readonly findings: readonly Problem[];
}

function lintFile(f: LoadedZoneFile, strict: boolean): LintedFile {
  const errors = f.problems.filter((p) => p.severity === 'error');
  const findings = f.config === undefined ? [] : lintZone(f.config).map((p): Problem => (strict ? { ...p, severity: 'error' } : p));
  return { path: f.path, ...(f.config ? { zone: f.config.zone } : {}), errors, findings };
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

function summaryLine(f: LintedFile): string {
  if (f.errors.length > 0) return `${printable(f.path)}: ${plural(f.errors.length, 'error')} (not linted)`;
  return `${printable(f.path)}: ${f.findings.length === 0 ? 'no findings' : plural(f.findings.length, 'finding')}`;
}

function renderLintJson(files: readonly LintedFile[], failed: boolean): string {
  const doc = {
    format_version: 1,
    command: 'lint',
    ok: !failed,
    files: files.map((f) => ({
      file: f.path,
      ...(f.zone !== undefined ? { zone: f.zone } : {}),
      linted: f.errors.length === 0,
      errors: f.errors.length,
      findings: f.findings.length,
      problems: [...f.errors, ...f.findings].map(jsonProblem),
    })),
    summary: {
      files: files.length,
      not_linted: files.filter((f) => f.errors.length > 0).length,
      findings: files.reduce((n, f) => n + f.findings.length, 0),
    },
  };
  return JSON.stringify(doc, null, 2);
}

export function registerLint(program: Command): void {
  program
    .command('lint')
    .description(
      'Check what breaks mail and the web: SPF, DMARC, DKIM, MX/NS/CNAME targets, CAA, wildcards, delegations, TTLs (no API call)',
    )
    .argument('[files...]', 'zone files')
    .option('--strict', 'findings are errors (exit 1)')
    .option('--list', 'print every check zonectl runs (id, severity, where it runs, the rule it enforces) instead of linting')
    .addOption(
      new Option('--format <format>', 'output format: text, one JSON document, or SARIF 2.1.0 (GitHub code scanning)')
        .choices(['text', 'json', 'sarif'])
        .default('text'),
    )
    .addHelpText(
      'after',
      examplesText([
        'zonectl lint zones/example.com.yaml --strict',
        "zonectl lint zones/ --format json | jq '.files[].problems[]'",
        'zonectl lint zones/ --format sarif > zonectl-lint.sarif',
        'zonectl lint --list',
      ]),
    )
    .action(async function (
      this: Command,
      paths: string[],
      flags: { strict?: boolean; list?: boolean; format: 'text' | 'json' | 'sarif' },
    ) {
      if (flags.list === true) {
        if (paths.length > 0) this.error('error: --list takes no files');
        if (flags.format === 'sarif') this.error('error: --list prints text or json (SARIF holds findings, not the list of checks)');
        out(flags.format === 'json' ? renderCheckJson() : renderCheckTable());
        return;
      }
      // As commander says it of a required argument (`[files...]` is optional only for --list).
      if (paths.length === 0) this.error("error: missing required argument 'files'", { code: 'commander.missingArgument' });
      const files = (await loadZoneFilesDetailed(paths)).map((f) => lintFile(f, flags.strict === true));
      const failed = files.some((f) => f.errors.length > 0) || (flags.strict === true && files.some((f) => f.findings.length > 0));
      if (flags.format === 'json') {
        out(renderLintJson(files, failed));
      } else if (flags.format === 'sarif') {
        out(
          renderSarif(
            files.flatMap((f) => [...f.errors, ...f.findings]),
            { version: VERSION, command: 'lint' },
          ),
        );
      } else {
        for (const f of files) for (const p of [...f.errors, ...f.findings]) out(formatProblem(p));
        for (const f of files) out(summaryLine(f));
      }
      process.exitCode = failed ? EXIT.error : EXIT.ok;
    });
}
