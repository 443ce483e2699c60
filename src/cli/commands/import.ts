import type { Command } from 'commander';
import { existsSync, readFileSync } from 'node:fs';
import { writeOutputFile } from '../../app/output/index.js';
import { importFrom } from '../../app/migrate/index.js';
import { importBindZone } from '../../core/bind/import-zone.js';
import { ZonectlError } from '../../core/errors.js';
import { renderExportYaml } from '../../core/export/render-export.js';
import { isReportEmpty, renderReportText, reportDocument, type MigrationSource } from '../../core/migrate/report.js';
import { formatProblem } from '../../core/yaml/index.js';
import { parseZoneFile } from '../../core/zonefile/index.js';
import { EXIT, info, log, out } from '../output/io.js';
import { schemaRefForOutput } from '../../app/files/index.js';
import { VERSION } from '../version.js';

interface ImportFlags {
  from: 'bind' | MigrationSource;
  zone?: string;
  out?: string;
  soa?: boolean;
  proxied?: boolean;
  strict?: boolean;
  force?: boolean;
  allZones?: boolean;
  format: 'text' | 'json';
}

class ImportRefusedError extends ZonectlError {}

const FROM = ['bind', 'octodns', 'terraform', 'dnscontrol'] as const;

export function registerImport(program: Command): void {
  program
    .command('import')
    .description(
      "Turn another tool's files into zone files: a BIND zone file (another provider, named, the service's own export), an octoDNS configuration, Terraform state or .tf files, or DNSControl's print-ir JSON; no API call",
    )
    .argument(
      '<files...>',
      'BIND zone file; octoDNS main configuration; Terraform state, `terraform show -json` output or .tf files; `dnscontrol print-ir` JSON',
    )
    .option('--from <tool>', `what the files are: ${FROM.join(', ')}`, 'bind')
    .option(
      '--zone <name>',
      'BIND: the zone the file describes (its origin); Terraform: the zone of records whose zone_id is not a cloudflare_zone',
    )
    .option(
      '--out <path>',
      'BIND: write the zone file here instead of stdout; octoDNS, Terraform, DNSControl: the directory of the zone files (and zonectl.yaml)',
    )
    .option('--soa', 'BIND: manage the SOA values from the file in settings.soa (only Enterprise zones may change them)')
    .option('--proxied', "BIND: proxy A/AAAA/CNAME records that carry no cf-proxied tag (as the service's import option)")
    .option('--all-zones', 'octoDNS: a file for every zone, not only those a Cloudflare provider writes')
    .option('--format <format>', 'octoDNS, Terraform, DNSControl: the migration report as text or json (BIND writes YAML)', 'text')
    .option(
      '--strict',
      'exit 1 when anything was left out: a BIND line not imported (a warning), or a migration report that is not empty (octoDNS, Terraform, DNSControl)',
    )
    .option('--force', 'overwrite files that exist')
    .addHelpText(
      'after',
      '\nExamples:\n  zonectl import old-provider.zone --zone example.com --out zones/example.com.yaml\n  zonectl import --from octodns config/production.yaml --out zones/\n  zonectl import --from terraform terraform.tfstate --out zones/\n  zonectl import --from dnscontrol ir.json --out zones/   # dnscontrol print-ir --out ir.json',
    )
    .action(async (files: string[], flags: ImportFlags) => {
      if (!(FROM as readonly string[]).includes(flags.from))
        throw new ImportRefusedError('BAD_FLAG', `--from ${flags.from}: expected one of ${FROM.join(', ')}`);
      if (flags.format !== 'text' && flags.format !== 'json')
        throw new ImportRefusedError('BAD_FLAG', `--format ${flags.format}: expected text or json`);
      if (flags.from === 'bind') return importBind(files, flags);
      if (flags.out === undefined)
        throw new ImportRefusedError('BAD_FLAG', `--from ${flags.from} writes one file per zone: --out DIR is required`);
      if (flags.from !== 'terraform' && files.length !== 1)
        throw new ImportRefusedError('BAD_ARGS', `--from ${flags.from} reads one file (got ${files.length})`);
      const result = await importFrom(flags.from, files, {
        outDir: flags.out,
        force: flags.force === true,
        allZones: flags.allZones === true,
        ...(flags.zone !== undefined ? { zone: flags.zone } : {}),
        origin: `Imported by zonectl ${VERSION} from ${flags.from} (${files.join(', ')}).`,
      });
      if (result.schema !== undefined) info(`wrote the zone file schema to ${result.schema} (editor completion; commit it)`);
      for (const w of result.written) info(`wrote ${w}`);
      out(flags.format === 'json' ? JSON.stringify(reportDocument(result.report), null, 2) : renderReportText(result.report));
      process.exitCode = flags.strict === true && !isReportEmpty(result.report) ? EXIT.error : EXIT.ok;
    });
}

function importBind(files: string[], flags: ImportFlags): void {
  if (files.length !== 1) throw new ImportRefusedError('BAD_ARGS', `a BIND import reads one zone file (got ${files.length})`);
  if (flags.zone === undefined) throw new ImportRefusedError('BAD_FLAG', "required option '--zone <name>' not specified");
  const file = files[0]!;
  if (flags.out !== undefined && flags.force !== true && existsSync(flags.out)) {
    throw new ImportRefusedError(
      'OUTPUT_EXISTS',
      `${flags.out} exists; zonectl import does not overwrite a zone file (use --force, or another --out)`,
    );
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new ImportRefusedError('READ_FAILED', `cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
  const result = importBindZone(text, { zone: flags.zone, soa: flags.soa === true, proxied: flags.proxied === true });
  const { ref, wrote } = schemaRefForOutput(flags.out);
  if (wrote !== undefined) info(`wrote the zone file schema to ${wrote} (editor completion; commit it)`);
  const yaml = renderExportYaml(result.export, {
    ...(ref !== undefined ? { schemaRef: ref } : {}),
    origin: `Imported by zonectl ${VERSION} from ${file}.`,
  });
  for (const p of result.problems) log(`${file}:${p.line}: warning: ${p.message}`);
  // The written file must itself be valid: its problems are reported against the output.
  const check = parseZoneFile({ path: flags.out ?? '<stdout>', text: yaml }, {});
  for (const p of check.problems) log(formatProblem(p));
  const errors = check.problems.filter((p) => p.severity === 'error').length;
  if (flags.out === undefined) out(yaml);
  else writeOutputFile(flags.out, yaml);
  info(
    `${file}: ${result.imported} record(s) imported, ${result.problems.length} warning(s)${errors > 0 ? `, ${errors} error(s) in the result` : ''}`,
  );
  process.exitCode = errors > 0 || (flags.strict === true && result.problems.length > 0) ? EXIT.error : EXIT.ok;
}
