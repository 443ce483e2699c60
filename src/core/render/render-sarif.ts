/**
 * `validate --format sarif` / `lint --format sarif`: the problems of zone files as a SARIF 2.1.0
 * log (OASIS Static Analysis Results Interchange Format, the schema kept in
 * test/fixtures/schemas/sarif with its source), which GitHub code scanning shows inline on a pull
 * request. One result per problem with its file (relative to the repository root, as code
 * scanning resolves it), line and column; one rule per problem code, its description, help and
 * level from the check registry (src/core/checks/registry.ts). Pure.
 */
import { CHECKS, type Check } from '../checks/registry.js';
import { printable } from '../text/index.js';
import type { Problem } from '../yaml/index.js';

export interface SarifOptions {
  /** zonectl's version (`tool.driver.version`). */
  readonly version: string;
  /** `validate` or `lint` (the run's automation id, so that code scanning keeps the two apart). */
  readonly command: 'validate' | 'lint';
}

/** A URI for a rule's reference where it names one: the service's docs, an RFC. */
export function referenceUri(ref: string): string | undefined {
  const docs = /^((?:developers\.cloudflare\.com|docs\.github\.com)\/\S*)/.exec(ref);
  if (docs) return `https://${docs[1]}`;
  const rfc = /^RFC (\d+)(?: §([\d.]+))?/.exec(ref);
  if (rfc) return `https://www.rfc-editor.org/rfc/rfc${rfc[1]}${rfc[2] !== undefined ? `#section-${rfc[2]}` : ''}`;
  return undefined;
}

/**
 * A file name as a SARIF artifact URI (RFC 3986): relative names stay relative (to
 * `%SRCROOT%`, the checkout), absolute ones become `file://` URIs; each segment percent-encoded.
 */
export function artifactUri(file: string): { uri: string; uriBaseId?: string } {
  const slashed = file.replace(/\\/g, '/');
  const absolute = slashed.startsWith('/');
  const segments = slashed
    .split('/')
    .filter((s, i) => !(s === '.' || (s === '' && i > 0)))
    .map((s) => encodeURIComponent(s));
  const path = segments.join('/');
  return absolute ? { uri: `file://${path}` } : { uri: path, uriBaseId: '%SRCROOT%' };
}

const LEVEL = { error: 'error', warning: 'warning' } as const;

/** Which commands report a check, by where it runs (src/core/checks/check.ts, `CheckRuns`). */
const REPORTED_BY: Readonly<Record<Check['runs'], string>> = {
  validate: 'validate',
  both: 'lint and validate',
  lint: 'lint',
  plan: 'plan, drift and apply (against the live zone)',
};

function rule(id: string, check: Check | undefined): Record<string, unknown> {
  if (check === undefined) {
    return { id, shortDescription: { text: id }, help: { text: `zonectl problem ${id} (zonectl lint --list lists every check)` } };
  }
  const uri = referenceUri(check.ref);
  const level = check.severity === 'warning' ? 'warning' : 'error';
  return {
    id,
    shortDescription: { text: check.description },
    fullDescription: { text: `${check.description} (${check.ref})` },
    help: {
      text: `${check.description}. Rule: ${check.ref}. Reported by zonectl ${REPORTED_BY[check.runs]}.`,
    },
    ...(uri !== undefined ? { helpUri: uri } : {}),
    defaultConfiguration: { level },
    properties: { tags: ['dns', check.runs === 'validate' ? 'zone-file' : check.runs === 'plan' ? 'live-zone' : 'lint'] },
  };
}

export function renderSarif(problems: readonly Problem[], options: SarifOptions): string {
  const byId = new Map(CHECKS.map((c) => [c.id, c]));
  const listed = problems.filter((p) => p.omitted === undefined);
  const ids = [...new Set(listed.map((p) => p.code))].sort();
  const index = new Map(ids.map((id, i) => [id, i]));
  const results = listed.map((p) => ({
    ruleId: p.code,
    ruleIndex: index.get(p.code)!,
    level: LEVEL[p.severity],
    // Code scanning shows the decoded text: invisible characters as their escapes (src/core/text/printable.ts).
    message: { text: printable(p.path === '' ? p.message : `${p.path}: ${p.message}`) },
    locations: [
      {
        physicalLocation: {
          artifactLocation: artifactUri(p.file),
          region: { startLine: Math.max(1, p.line), startColumn: Math.max(1, p.col) },
        },
      },
    ],
  }));
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'zonectl',
            version: options.version,
            rules: ids.map((id) => rule(id, byId.get(id))),
          },
        },
        automationDetails: { id: `zonectl/${options.command}/` },
        columnKind: 'utf16CodeUnits',
        results,
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
