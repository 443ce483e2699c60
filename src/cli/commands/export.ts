/** `zonectl export`: the live zone as a zone file (src/app/export); the file on stdout without --out. */
import { EXPORT_FORMATS, runExport } from '../../app/export/index.js';
import { ZonectlError } from '../../core/errors.js';
import { defineCommand, flag } from '../definition/define-command.js';
import { showMessage } from '../output/messages.js';
import { out } from '../output/io.js';
import { baseUrlFlag, configFlag } from '../options.js';
import { VERSION } from '../version.js';

export const exportCommand = defineCommand({
  name: 'export',
  description: 'Write the live zone as a zone file that plans clean (records, DNS settings, the tokens that name it)',
  flags: {
    zone: flag.text('--zone <name>', 'the zone to export'),
    all: flag.switch('--all', 'export every zone the credentials can see, one file per zone (needs --out DIR)'),
    out: flag.text('--out <path>', 'write to this file (with --all: this directory) instead of stdout'),
    format: flag.choice('--format <format>', 'output format', EXPORT_FORMATS, 'yaml'),
    force: flag.switch('--force', 'overwrite existing files'),
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
    'zonectl export --all --out zones/',
    'zonectl export --all --out zones/ --config zonectl.yaml   # every account of zonectl.yaml, `account:` in each file',
  ],
  run: async ({ flags }) => {
    if ((flags.zone === undefined) === !flags.all) throw new ZonectlError('BAD_ARGS', 'give --zone NAME or --all (with --out DIR)');
    if (flags.all && flags.out === undefined) throw new ZonectlError('BAD_ARGS', '--all writes one file per zone: give --out DIR');
    const target =
      flags.zone !== undefined ? { kind: 'zone' as const, zone: flags.zone, out: flags.out } : { kind: 'all' as const, dir: flags.out! };
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
      { emit: (event) => (event.kind === 'zone-text' ? out(event.text) : showMessage(event)) },
    );
    return undefined;
  },
});
