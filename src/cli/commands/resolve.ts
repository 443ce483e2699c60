/** `zonectl resolve FILE NAME [TYPE]`: the zone's answer from the file alone (src/app/resolve), shown by ../views/resolve.ts. */
import { runResolve } from '../../app/resolve/index.js';
import { arg, defineCommand, flag } from '../definition/define-command.js';
import { EXIT } from '../output/io.js';
import { messagesOnly } from '../output/messages.js';
import { RESOLVE_FORMATS, showResolution } from '../views/resolve.js';

export const resolveCommand = defineCommand({
  name: 'resolve',
  description: 'What the zone will answer once the file is applied, from the file alone (no API call)',
  args: {
    file: arg.required('file', 'zone file'),
    name: arg.required('name', 'name as in the zone file: relative, @, or fully qualified'),
    type: arg.optional('type', 'record type', 'A'),
  },
  flags: {
    format: flag.choice('--format <format>', 'output format', RESOLVE_FORMATS, 'text'),
    nameservers: flag.text('--nameservers <list>', "the zone's nameservers (comma-separated), for SOA and apex NS answers"),
  },
  examples: ['zonectl resolve zone.yaml www', 'zonectl resolve zone.yaml @ MX', 'zonectl resolve zone.yaml _dmarc TXT --format json'],
  run: async ({ args, flags }) => {
    const nameServers = (flags.nameservers ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    const result = await runResolve({ file: args.file, name: args.name, type: args.type, nameServers, env: process.env }, messagesOnly);
    showResolution(result, flags.format, nameServers);
    return EXIT.ok;
  },
});
