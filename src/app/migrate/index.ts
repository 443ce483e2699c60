/**
 * `zonectl import --from octodns|terraform|dnscontrol`, as the CLI reaches it: read the old tool's
 * files, convert them (src/core/migrate), stop on the first unreadable input with every problem
 * named by file and line, then write the zone files (and zonectl.yaml, and the hand-over patch
 * with `--handover FILE`) all at once.
 */
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { assertNever } from '../../core/errors.js';
import { type FileEdit, type Handover, handoverPatch, NO_HANDOVER } from '../../core/migrate/handover.js';
import { throwIfProblems } from '../../core/migrate/problems.js';
import type { MigrationSource } from '../../core/migrate/report.js';
import { repositoryConfigDir } from '../files/index.js';
import { readDnscontrolImport } from './read-dnscontrol.js';
import { readOctodnsImport } from './read-octodns.js';
import { readTerraformImport } from './read-terraform.js';
import { writeMigration, type WrittenMigration } from './write-migration.js';

export type { WrittenMigration } from './write-migration.js';
export { confineOutputPaths, editExistingZoneFile, type ImportedZone } from './edit-existing.js';

export interface ImportFromOptions {
  readonly outDir: string;
  readonly force: boolean;
  readonly allZones: boolean;
  readonly zone?: string;
  readonly origin: string;
  /** `--handover FILE`: write the edit of the old tool's files there, as a patch. */
  readonly handover?: string;
  readonly cwd?: string;
}

const TOOL: Readonly<Record<MigrationSource, string>> = { octodns: 'octoDNS', terraform: 'Terraform', dnscontrol: 'DNSControl' };

/**
 * The hand-over's paths from the repository root (where `git apply` runs): a file of the old tool
 * outside the repository cannot be in the patch, and is said in words instead.
 */
function fromRoot(h: Handover, root: string, cwd: string): Handover {
  const edits: FileEdit[] = [];
  const byHand = [...h.byHand];
  for (const e of h.edits) {
    const rel = relative(root, resolve(cwd, e.path));
    if (rel === '' || rel.startsWith('..') || isAbsolute(rel))
      byHand.push(`${e.path} lies outside the repository (${root}): make this edit there: ${e.path}`);
    else edits.push({ ...e, path: rel.split(sep).join('/') });
  }
  return { edits, byHand };
}

export async function importFrom(from: MigrationSource, files: readonly string[], options: ImportFromOptions): Promise<WrittenMigration> {
  const made = await readImport(from, files, options);
  throwIfProblems(made.problems);
  const cwd = options.cwd ?? process.cwd();
  const root = repositoryConfigDir(options.outDir, cwd);
  const handover = fromRoot(made.handover ?? NO_HANDOVER, root, cwd);
  const report = {
    ...made.report,
    handover: {
      patch: handoverPatch(handover),
      byHand: handover.byHand,
      root,
      ...(options.handover !== undefined ? { file: options.handover } : {}),
    },
  };
  return writeMigration(
    made.zones,
    { accounts: made.accounts, ...('policy' in made && made.policy !== undefined ? { policy: made.policy } : {}) },
    report,
    {
      outDir: options.outDir,
      force: options.force,
      tool: TOOL[from],
      origin: options.origin,
      cwd,
      ...(options.handover !== undefined ? { handover: options.handover } : {}),
    },
  );
}

async function readImport(from: MigrationSource, files: readonly string[], options: ImportFromOptions) {
  switch (from) {
    case 'octodns':
      return readOctodnsImport(files[0]!, { allZones: options.allZones });
    case 'dnscontrol':
      return readDnscontrolImport(files[0]!, files[1]);
    case 'terraform':
      return readTerraformImport(files, options.zone !== undefined ? { zone: options.zone } : {});
    default:
      return assertNever(from, 'import source');
  }
}
