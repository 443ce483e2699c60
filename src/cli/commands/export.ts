/**
 * `zonectl export`: the live zone as a zone file (src/app/export); the file on stdout without
 * --out. `--into FILE` refreshes an existing zone file (or account file) in place, as a person would
 * edit it; `--account-id ID` writes a new account file, and `--all` the account files beside the zones'.
 */
import { EXPORT_FORMATS, runExport, runExportInto } from '../../app/export/index.js';
import { ZonectlError } from '../../core/errors.js';
import { defineCommand, flag } from '../definition/define-command.js';
import { baseUrlFlag, configFlag } from '../options.js';
import { VERSION } from '../version.js';
import { exportView } from '../views/export.js';

export const exportCommand = defineCommand({
  name: 'export',
  description:
    'Write the live zone as a zone file that plans clean (records, DNS settings, the tokens that name it), or refresh an existing zone file in place (--into)',
  flags: {
    zone: flag.text('--zone <name>', 'the zone to export'),
    zoneType: flag.choice('--zone-type <type>', 'with --zone: a public (full) or an internal zone, when both have the name', [
      'full',
      'internal',
    ] as const),
    all: flag.switch(
      '--all',
      'export every zone the credentials can see, one file per zone (needs --out DIR); in YAML, each account with views or DNS zone defaults of its own gets its account file too (account.<account_id>.yaml)',
    ),
    out: flag.text('--out <path>', 'write to this file (with --all: this directory) instead of stdout'),
    format: flag.choice('--format <format>', 'output format', EXPORT_FORMATS, 'yaml'),
    force: flag.switch('--force', 'overwrite existing files'),
    into: flag.text(
      '--into <file>',
      "refresh this zone file from the live zone: only the records and settings that differ are edited, in place; comments, order and layout stay (its fragments too, when no other zone includes them); an account file gets the account's DNS zone defaults (zone_defaults:, enforce_dns_only) and internal DNS views (views:)",
    ),
    dryRun: flag.switch(
      '--dry-run',
      'with --into: print the unified diff it would write, write nothing; exit 2 when the file would change',
    ),
    accountId: flag.text(
      '--account-id <id>',
      "write a new account file of this account (32 hex characters): its DNS zone defaults that differ from the service's, enforce_dns_only when on, its internal DNS views; to --out FILE or stdout",
    ),
    account: flag.text(
      '--account <name>',
      'only this account of zonectl.yaml (default: every account it lists, each with its own credential)',
    ),
    config: configFlag,
    baseUrl: baseUrlFlag,
  },
  examples: [
    'zonectl export --zone example.com --out zones/example.com.yaml',
    'zonectl export --zone example.com --format bind > example.com.zone',
    'zonectl export --all --out zones/                        # and zones/account.<account_id>.yaml for an account with views or zone defaults',
    'zonectl export --all --out zones/ --config zonectl.yaml   # every account of zonectl.yaml, `account:` in each file',
    'zonectl export --into zones/example.com.yaml             # the file says what the zone holds now; a plan is then empty',
    'zonectl export --into zones/example.com.yaml --dry-run   # the diff it would write (exit 2 when the file is stale)',
    "zonectl export --into zones/account.yaml                # the account's zone defaults and internal DNS views into its account file",
    'zonectl export --account-id 0123456789abcdef0123456789abcdef --out zones/account.yaml   # a new account file: its zone defaults and views',
  ],
  validate: ({ flags }) => {
    if (flags.into !== undefined) {
      const clash = [
        flags.all ? '--all' : undefined,
        flags.out !== undefined ? '--out' : undefined,
        flags.force ? '--force' : undefined,
        flags.account !== undefined ? '--account' : undefined,
        flags.accountId !== undefined ? '--account-id' : undefined,
        flags.format !== 'yaml' ? '--format' : undefined,
      ].filter((f) => f !== undefined);
      if (clash.length > 0)
        throw new ZonectlError(
          'BAD_ARGS',
          `--into edits the zone file it names in place: it takes no ${clash.join(', ')} (the file says its zone and account)`,
        );
      return;
    }
    if (flags.dryRun)
      throw new ZonectlError(
        'BAD_ARGS',
        '--dry-run goes with --into FILE (an export to --out writes a new file; see it on stdout without --out)',
      );
    if (flags.accountId !== undefined) {
      if (flags.zone !== undefined || flags.all || flags.account !== undefined || flags.format !== 'yaml')
        throw new ZonectlError('BAD_FLAG', '--account-id writes an account file: it takes no --zone, --all, --account or --format');
      if (!/^[0-9a-f]{32}$/i.test(flags.accountId))
        throw new ZonectlError('BAD_FLAG', `--account-id ${JSON.stringify(flags.accountId)}: an account id is 32 hex characters`);
      return;
    }
    if ((flags.zone === undefined) === !flags.all) throw new ZonectlError('BAD_ARGS', 'give --zone NAME or --all (with --out DIR)');
    if (flags.all && flags.out === undefined) throw new ZonectlError('BAD_ARGS', '--all writes one file per zone: give --out DIR');
  },
  run: async ({ flags }) => {
    if (flags.into !== undefined) {
      const result = await runExportInto(
        { file: flags.into, zone: flags.zone, dryRun: flags.dryRun, baseUrl: flags.baseUrl, config: flags.config },
        exportView(),
      );
      return flags.dryRun && result.changed.length > 0 ? 2 : undefined;
    }
    const target =
      flags.accountId !== undefined
        ? { kind: 'account' as const, accountId: flags.accountId, out: flags.out }
        : flags.zone !== undefined
          ? { kind: 'zone' as const, zone: flags.zone, out: flags.out, zoneType: flags.zoneType }
          : { kind: 'all' as const, dir: flags.out! };
    await runExport(
      {
        target,
        format: flags.format,
        force: flags.force,
        baseUrl: flags.baseUrl,
        config: flags.config,
        account: flags.account,
        version: VERSION,
      },
      exportView(),
    );
    return undefined;
  },
});
