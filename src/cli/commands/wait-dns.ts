/**
 * `zonectl wait-dns`: the wait-dns session (src/app/wait-dns `runWaitDnsFiles`) shown by
 * ../views/wait-dns.ts; exit 0 once every nameserver serves what the files list (or there is
 * nothing to wait for), 1 with DNS_NOT_SERVED when the deadline passes first, 1 with
 * NAMESERVER_UNREACHABLE when a nameserver's name does not resolve or it cannot be reached.
 */
import { notServedError, runWaitDnsFiles, waitDnsFlags } from '../../app/wait-dns/index.js';
import { arg, defineCommand, flag } from '../definition/define-command.js';
import { EXIT } from '../output/io.js';
import { baseUrlFlag, configFlag, nameserverFlag, parseWaitSeconds, rateLimitFlag, WAIT_DNS_DEFAULT_SECONDS } from '../options.js';
import { waitDnsOutput } from '../views/wait-dns.js';

export const waitDnsCommand = defineCommand({
  name: 'wait-dns',
  description: "Wait until each of a zone's nameservers serves every record of its zone file (after an apply made elsewhere)",
  args: { paths: arg.variadic('paths', 'zone files, or directories of zone files', { required: true }) },
  flags: {
    timeout: flag.text('--timeout <seconds>', 'how long to wait in all, in seconds', String(WAIT_DNS_DEFAULT_SECONDS)),
    nameserver: nameserverFlag,
    rateLimit: rateLimitFlag,
    config: configFlag,
    baseUrl: baseUrlFlag,
  },
  examples: [
    'zonectl wait-dns zones/example.com.yaml',
    'zonectl wait-dns zones/example.com.yaml --timeout 600 --nameserver ns1.example.net --nameserver 192.0.2.53:5353',
  ],
  validate: ({ flags }) => {
    // --timeout's seconds and each --nameserver (HOST, HOST:PORT or [IPv6]:PORT).
    waitDnsFlags(parseWaitSeconds(flags.timeout), flags.nameserver);
  },
  run: async ({ args, flags }) => {
    const waitFlags = waitDnsFlags(parseWaitSeconds(flags.timeout), flags.nameserver);
    const result = await runWaitDnsFiles(
      {
        paths: args.paths,
        config: flags.config,
        flags: waitFlags,
        connection: { baseUrl: flags.baseUrl, rateLimit: flags.rateLimit, env: process.env },
      },
      waitDnsOutput(),
    );
    for (const { zone, result: r } of result.zones) if (r.status !== 'served' && r.status !== 'nothing') throw notServedError(zone, r);
    return EXIT.ok;
  },
});
