/**
 * A command definition (src/cli/definition/define-command.ts) configures commander
 * (register-command.ts): each kind of flag reaches the handler as its type says, arguments in
 * order, the exit code it returns is the process's, and a key that is not commander's name of its
 * flag is refused when the command is registered.
 */
import { Command } from 'commander';
import { afterEach, describe, expect, it } from 'vitest';
import { InternalError } from '../../../src/core/errors.js';
import { arg, defineCommand, flag } from '../../../src/cli/definition/define-command.js';
import { registerCommand } from '../../../src/cli/definition/register-command.js';

const FLAGS = {
  dryRun: flag.switch('--dry-run', 'a switch'),
  batch: flag.switch('--no-batch', 'a negated switch'),
  out: flag.text('--out <file>', 'text without a default'),
  concurrency: flag.text('--concurrency <n>', 'text with a default', '4'),
  format: flag.choice('--format <format>', 'a choice', ['text', 'json'], 'text'),
  port: flag.parsed('--port <port>', 'parsed, with a default', (v) => Number(v), 8787),
  zone: flag.list('--zone <name>', 'repeatable, empty by default', (v) => v.toUpperCase(), { empty: true }),
  report: flag.list('--report <file>', 'repeatable, absent by default', (v) => `r:${v}`),
};

function program(seen: unknown[], code?: number): Command {
  const p = new Command('zonectl').exitOverride().configureOutput({ writeOut: () => undefined, writeErr: () => undefined });
  registerCommand(
    p,
    defineCommand({
      name: 'try',
      description: 'a command to try',
      args: {
        file: arg.required('file', 'first'),
        type: arg.optional('type', 'second', 'A'),
        rest: arg.variadic('rest', 'the others', { required: false }),
      },
      flags: FLAGS,
      run: ({ args, flags }) => {
        // The types are the definition's: these assignments would not compile otherwise.
        const values: { file: string; type: string; rest: string[]; format: 'text' | 'json'; port: number; zone: string[] } = {
          ...args,
          ...flags,
        };
        seen.push({ args, flags, values });
        return code;
      },
    }),
  );
  return p;
}

describe('a command definition registered on commander', () => {
  afterEach(() => {
    process.exitCode = undefined;
  });

  it('gives the handler every flag as its type says, absent ones included', async () => {
    const seen: unknown[] = [];
    await program(seen).parseAsync(['try', 'zone.yaml'], { from: 'user' });
    expect(seen).toHaveLength(1);
    expect((seen[0] as { args: unknown }).args).toEqual({ file: 'zone.yaml', type: 'A', rest: [] });
    expect((seen[0] as { flags: unknown }).flags).toEqual({
      dryRun: false,
      batch: true,
      out: undefined,
      concurrency: '4',
      format: 'text',
      port: 8787,
      zone: [],
      report: undefined,
    });
  });

  it('reads each flag given: switches, negations, parsers, choices, repeated values in order', async () => {
    const seen: unknown[] = [];
    await program(seen).parseAsync(
      [
        'try',
        'a',
        'MX',
        'b',
        'c',
        '--dry-run',
        '--no-batch',
        '--out',
        'o',
        '--format',
        'json',
        '--port',
        '0',
        '--zone',
        'x',
        '--zone',
        'y',
        '--report',
        'z',
      ],
      { from: 'user' },
    );
    expect((seen[0] as { args: unknown }).args).toEqual({ file: 'a', type: 'MX', rest: ['b', 'c'] });
    expect((seen[0] as { flags: unknown }).flags).toEqual({
      dryRun: true,
      batch: false,
      out: 'o',
      concurrency: '4',
      format: 'json',
      port: 0,
      zone: ['X', 'Y'],
      report: ['r:z'],
    });
  });

  it("a choice outside its list is commander's error; the handler does not run", async () => {
    const seen: unknown[] = [];
    await expect(program(seen).parseAsync(['try', 'a', '--format', 'yaml'], { from: 'user' })).rejects.toThrow(
      /Allowed choices are text, json/,
    );
    expect(seen).toEqual([]);
  });

  it("the exit code the handler returns is the process's", async () => {
    await program([], 2).parseAsync(['try', 'a'], { from: 'user' });
    expect(process.exitCode).toBe(2);
  });

  it('a flag defined under another name than commander gives it is refused at registration', () => {
    const bad = defineCommand({ name: 'bad', description: 'x', flags: { dry: flag.switch('--dry-run', 'x') }, run: () => undefined });
    expect(() => registerCommand(new Command('zonectl'), bad)).toThrow(InternalError);
    expect(() => registerCommand(new Command('zonectl'), bad)).toThrow(/flag --dry-run is defined as "dry", commander names it "dryRun"/);
  });
});
