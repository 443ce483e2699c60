/** `zonectl import FILE...`: another tool's files made zone files (src/app/import); the migration report on stdout. */
import { IMPORT_SOURCES, ImportRefusedError, type ImportRequest, runImport } from '../../app/import/index.js';
import { arg, defineCommand, flag } from '../definition/define-command.js';
import { EXIT, out } from '../output/io.js';
import { showMessage } from '../output/messages.js';
import { showMigrationReport } from '../views/import.js';
import { VERSION } from '../version.js';

export const importCommand = defineCommand({
  name: 'import',
  description:
    "Turn another tool's files into zone files: a BIND zone file (another provider, named, the service's own export), an octoDNS configuration, Terraform state or .tf files, or DNSControl's print-ir JSON; no API call",
  args: {
    files: arg.variadic(
      'files',
      'BIND zone file; octoDNS main configuration; Terraform state, `terraform show -json` output or .tf files; `dnscontrol print-ir` JSON',
      { required: true },
    ),
  },
  flags: {
    // Checked by the handler, not offered as choices: an unknown one is a BAD_FLAG error naming them.
    from: flag.text('--from <tool>', `what the files are: ${IMPORT_SOURCES.join(', ')}`, 'bind'),
    zone: flag.text(
      '--zone <name>',
      'BIND: the zone the file describes (its origin); Terraform: the zone of records whose zone_id is not a cloudflare_zone',
    ),
    out: flag.text(
      '--out <path>',
      'BIND: write the zone file here instead of stdout; --from: the directory of the zone files (and zonectl.yaml)',
    ),
    soa: flag.switch('--soa', 'BIND: manage the SOA values from the file in settings.soa (only Enterprise zones may change them)'),
    proxied: flag.switch('--proxied', "BIND: proxy A/AAAA/CNAME records that carry no cf-proxied tag (as the service's import option)"),
    allZones: flag.switch('--all-zones', 'octoDNS: a file for every zone, not only those a Cloudflare provider writes'),
    format: flag.text('--format <format>', '--from: the migration report as text or json', 'text'),
    strict: flag.switch('--strict', 'exit 1 when anything could not be imported (BIND) or the migration report is not empty (--from)'),
    force: flag.switch(
      '--force',
      'edit a zone file that exists to match the import, its comments and layout kept (without it, an existing file is refused)',
    ),
    handover: flag.text(
      '--handover <file>',
      "--from: write the edit of the old tool's files (octoDNS zones:, DNSControl D() calls, Terraform resource and removed blocks) as a patch for git apply",
    ),
  },
  examples: [
    'zonectl import old-provider.zone --zone example.com --out zones/example.com.yaml',
    'zonectl import --from octodns config/production.yaml --out zones/',
    'zonectl import --from terraform terraform.tfstate --out zones/',
    'zonectl import --from octodns config/production.yaml --out zones/ --handover octodns-handover.patch   # then git apply it',
    'zonectl import --from dnscontrol ir.json --out zones/   # dnscontrol print-ir --out ir.json (dnsconfig.js beside it: its comments too)',
  ],
  validate: ({ args, flags }) => {
    const from = IMPORT_SOURCES.find((s) => s === flags.from);
    if (from === undefined) throw new ImportRefusedError('BAD_FLAG', `--from ${flags.from}: expected one of ${IMPORT_SOURCES.join(', ')}`);
    if (flags.format !== 'text' && flags.format !== 'json')
      throw new ImportRefusedError('BAD_FLAG', `--format ${flags.format}: expected text or json`);
    if (from === 'bind') {
      if (args.files.length !== 1) throw new ImportRefusedError('BAD_ARGS', `a BIND import reads one zone file (got ${args.files.length})`);
      if (flags.zone === undefined) throw new ImportRefusedError('BAD_FLAG', "required option '--zone <name>' not specified");
      return;
    }
    if (flags.out === undefined) throw new ImportRefusedError('BAD_FLAG', `--from ${from} writes one file per zone: --out DIR is required`);
    if (from === 'octodns' && args.files.length !== 1)
      throw new ImportRefusedError('BAD_ARGS', `--from ${from} reads one file (got ${args.files.length})`);
    if (from === 'dnscontrol' && (args.files.length > 2 || (args.files.length === 2 && !args.files[1]!.endsWith('.js'))))
      throw new ImportRefusedError(
        'BAD_ARGS',
        '--from dnscontrol reads the print-ir JSON and, for its comments, the dnsconfig.js it was made from',
      );
  },
  run: async ({ args, flags }) => {
    // Checked by `validate`: a known source, and what it needs (BIND: --zone; the others: --out).
    const from = IMPORT_SOURCES.find((s) => s === flags.from)!;
    const format = flags.format === 'json' ? 'json' : 'text';
    const request: ImportRequest =
      from === 'bind'
        ? {
            from,
            file: args.files[0]!,
            zone: flags.zone!,
            out: flags.out,
            soa: flags.soa,
            proxied: flags.proxied,
            force: flags.force,
            version: VERSION,
          }
        : {
            from,
            files: args.files,
            outDir: flags.out!,
            zone: flags.zone,
            allZones: flags.allZones,
            force: flags.force,
            version: VERSION,
            handover: flags.handover,
          };
    const result = await runImport(request, { emit: (event) => (event.kind === 'zone-text' ? out(event.text) : showMessage(event)) });
    if (result.report !== undefined) showMigrationReport(result.report, format);
    return !result.valid || (flags.strict && !result.complete) ? EXIT.error : EXIT.ok;
  },
});
