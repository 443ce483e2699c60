/** Terraform's side of the migration scenarios: a state (version 4) as Terraform writes it, and the import of files. */
import { join } from 'node:path';
import { importFrom, type WrittenMigration } from '../../src/app/migrate/index.js';

export const PROVIDER = 'provider["registry.terraform.io/cloudflare/cloudflare"]';

/** A state whose first resource is `data.cloudflare_zone.main`, the zone `zoneId` (example.com), then `resources`. */
export function terraformState(zoneId: string, resources: readonly unknown[], serial: number): Record<string, unknown> {
  return {
    version: 4,
    terraform_version: '1.9.8',
    serial,
    lineage: `3f1c2a9e-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    outputs: {},
    resources: [
      {
        mode: 'data',
        type: 'cloudflare_zone',
        name: 'main',
        provider: PROVIDER,
        instances: [{ schema_version: 0, attributes: { id: zoneId, zone_id: zoneId, name: 'example.com' } }],
      },
      ...resources,
    ],
  };
}

/** `zonectl import --from terraform FILES --out DIR/OUT`, as the CLI calls it. */
export function importTerraform(dir: string, files: readonly string[], out: string): Promise<WrittenMigration> {
  return importFrom(
    'terraform',
    files.map((f) => join(dir, f)),
    { outDir: join(dir, out), force: false, allZones: false, origin: 'test' },
  );
}
