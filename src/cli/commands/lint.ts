import { Command } from 'commander';
import { loadZoneFilesDetailed } from '../../app/load-zone-files.js';
import { lintZone } from '../../core/lint/index.js';
import { formatProblem } from '../../core/zonefile/index.js';
import { EXIT, log } from '../io.js';

export function registerLint(program: Command): void {
  program
    .command('lint')
    .description('Check what breaks mail and the web: SPF, DMARC, DKIM, MX/NS/CNAME targets, CAA, wildcards, delegations, TTLs (no API call)')
    .argument('<files...>', 'zone files')
    .option('--strict', 'findings are errors (exit 1)')
    .addHelpText('after', '\nExample:\n  zonectl lint zones/example.com.yaml --strict')
    .action(async (files: string[], flags: { strict?: boolean }) => {
      const loaded = await loadZoneFilesDetailed(files);
      let errors = 0;
      let findings = 0;
      for (const f of loaded) {
        for (const p of f.problems) if (p.severity === 'error') log(formatProblem(p));
        errors += f.problems.filter((p) => p.severity === 'error').length;
        if (f.config === undefined) continue;
        const found = lintZone(f.config).map((p) => (flags.strict === true ? { ...p, severity: 'error' as const } : p));
        for (const p of found) log(formatProblem(p));
        findings += found.length;
        log(`${f.path}: ${found.length === 0 ? 'no findings' : `${found.length} finding${found.length === 1 ? '' : 's'}`}`);
      }
      process.exitCode = errors > 0 || (flags.strict === true && findings > 0) ? EXIT.error : EXIT.ok;
    });
}
