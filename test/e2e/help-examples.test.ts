/** Every command's `--help` ends with an example of a zonectl command line. */
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

/** The commands `zonectl --help` lists (and the subcommand of token). */
function listedCommands(help: string): string[] {
  const section = help.split(/^Commands:$/m)[1]?.split(/^\S/m)[0] ?? '';
  return [...section.matchAll(/^ {2}([a-z][a-z-]*)\b/gm)].map((m) => m[1]!).filter((c) => c !== 'help');
}

describe('--help of every command', () => {
  it('lists every command, documents --quiet and --verbose, and each command help has an Example section with a zonectl command line', async () => {
    const root = await runCli(['--help']);
    expect(root.code).toBe(0);
    expect(root.stdout).toMatch(/-q, --quiet +print results, warnings and errors only/);
    expect(root.stdout).toMatch(/-v, --verbose +print one line per completed API call/);
    const commands = listedCommands(root.stdout);
    expect(commands).toEqual([
      'validate',
      'plan',
      'apply',
      'wait-dns',
      'drift',
      'export',
      'import',
      'lint',
      'resolve',
      'token',
      'codeowners',
      'schema',
      'init',
      'completion',
      'version',
      'emulator',
    ]);
    const lines = [...commands.map((c) => [c]), ['token', 'roll']];
    // Four at a time: each is a CLI process.
    for (let i = 0; i < lines.length; i += 4) {
      const results = await Promise.all(lines.slice(i, i + 4).map(async (args) => ({ args, r: await runCli([...args, '--help']) })));
      for (const { args, r } of results) {
        expect(r.code, args.join(' ')).toBe(0);
        const example = r.stdout.split(/^Examples?:$/m)[1];
        expect(example, `${args.join(' ')} --help has no Example section`).toBeDefined();
        expect(example, args.join(' ')).toMatch(new RegExp(`^ {2}(\\S+=\\S+ )*zonectl ${args.join(' ')}\\b`, 'm'));
      }
    }
  });
});
