import { type Command, Option } from 'commander';
import { loadZoneFilesDetailed } from '../../app/files/index.js';
import { ZonectlError } from '../../core/errors.js';
import { canonicalRecordName } from '../../core/model/names.js';
import { resolveName, type ResourceRecordAnswer } from '../../core/resolve/resolve-name.js';
import { zoneViewOf } from '../../core/resolve/zone-view.js';
import { formatProblem } from '../../core/yaml/index.js';
import { EXIT, log, out } from '../output/io.js';

class ResolveError extends ZonectlError {}

const line = (a: ResourceRecordAnswer): string => `${a.name}.\t${a.ttl}\tIN\t${a.type}\t${a.data}`;

export function registerResolve(program: Command): void {
  program
    .command('resolve')
    .description('What the zone will answer once the file is applied, from the file alone (no API call)')
    .argument('<file>', 'zone file')
    .argument('<name>', 'name as in the zone file: relative, @, or fully qualified')
    .argument('[type]', 'record type', 'A')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .option('--nameservers <list>', "the zone's nameservers (comma-separated), for SOA and apex NS answers")
    .addHelpText(
      'after',
      '\nExamples:\n  zonectl resolve zone.yaml www\n  zonectl resolve zone.yaml @ MX\n  zonectl resolve zone.yaml _dmarc TXT --format json',
    )
    .action(async (file: string, name: string, type: string, flags: { format: 'text' | 'json'; nameservers?: string }) => {
      const [loaded] = await loadZoneFilesDetailed([file]);
      const errors = loaded.problems.filter((p) => p.severity === 'error');
      for (const p of errors) log(formatProblem(p));
      if (loaded.config === undefined || errors.length > 0) throw new ResolveError('INVALID_ZONE_FILE', `${file} is not a valid zone file`);
      const nameServers = (flags.nameservers ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '');
      const qname = canonicalRecordName(name, loaded.config.zone);
      const result = resolveName(zoneViewOf(loaded.config, nameServers), qname, type);
      if (flags.format === 'json') {
        out(JSON.stringify({ query: { name: qname, type: type.toUpperCase() }, ...result }, null, 2));
      } else {
        const noAnswer = result.answer.length === 0;
        if (result.rcode !== 'NOERROR') log(`;; ${qname} ${type.toUpperCase()}: ${result.rcode}`);
        else if (!result.authoritative)
          log(`;; ${qname} ${type.toUpperCase()}: referral to the delegated servers of ${result.authority[0]?.name ?? '?'}`);
        else if (noAnswer) log(`;; ${qname} ${type.toUpperCase()}: no records of that type (NODATA)`);
        for (const a of result.answer) out(line(a));
        for (const a of result.authority) log(`;; authority: ${line(a)}`);
        for (const a of result.additional) log(`;; additional: ${line(a)}`);
        if (qname === loaded.config.zone && type.toUpperCase() === 'NS' && nameServers.length === 0) {
          log(';; the apex NS are the nameservers the service assigned to the zone (see its name_servers): give them with --nameservers');
        }
      }
      process.exitCode = EXIT.ok;
    });
}
