/**
 * `zonectl import --from octodns|terraform|dnscontrol`, as the CLI reaches it: read the old tool's
 * files, convert them (src/core/migrate), stop on the first unreadable input with every problem
 * named by file and line, then write the zone files (and zonectl.yaml) all at once.
 */
import { assertNever } from '../../core/errors.js';
import { throwIfProblems } from '../../core/migrate/problems.js';
import type { MigrationSource } from '../../core/migrate/report.js';
import { readDnscontrolImport } from './read-dnscontrol.js';
import { readOctodnsImport } from './read-octodns.js';
import { readTerraformImport } from './read-terraform.js';
import { writeMigration, type WrittenMigration } from './write-migration.js';

export type { WrittenMigration } from './write-migration.js';

export interface ImportFromOptions {
  readonly outDir: string;
  readonly force: boolean;
  readonly allZones: boolean;
  readonly zone?: string;
  readonly origin: string;
}

const TOOL: Readonly<Record<MigrationSource, string>> = { octodns: 'octoDNS', terraform: 'Terraform', dnscontrol: 'DNSControl' };

export async function importFrom(from: MigrationSource, files: readonly string[], options: ImportFromOptions): Promise<WrittenMigration> {
  const made = await readImport(from, files, options);
  throwIfProblems(made.problems);
  return writeMigration(
    made.zones,
    { accounts: made.accounts, ...('policy' in made && made.policy !== undefined ? { policy: made.policy } : {}) },
    made.report,
    {
      outDir: options.outDir,
      force: options.force,
      tool: TOOL[from],
      origin: options.origin,
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
