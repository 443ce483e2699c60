/**
 * A verb's flag checks live in its definition (docs/architecture.md, "The shape of a verb"): the
 * runner (src/cli/definition/register-command.ts) runs the definition's `validate` before its
 * handler, so a refused flag starts no session, reads no file and sends no request. Messages and
 * codes are those users and scripts see (BAD_FLAG, exit 1 through src/cli/main.ts).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driftCommand } from '../../../src/cli/commands/drift.js';
import { exportCommand } from '../../../src/cli/commands/export.js';
import { tokenCommand } from '../../../src/cli/commands/token.js';
import { waitDnsCommand } from '../../../src/cli/commands/wait-dns.js';
import { defineCommand, flag, type AnyCommand } from '../../../src/cli/definition/define-command.js';
import { registerCommand } from '../../../src/cli/definition/register-command.js';
import { ZonectlError } from '../../../src/core/errors.js';

function program(definition: AnyCommand): Command {
  const p = new Command('zonectl').exitOverride().configureOutput({ writeOut: () => undefined, writeErr: () => undefined });
  registerCommand(p, definition);
  return p;
}

async function refusal(p: Command, argv: string[]): Promise<ZonectlError> {
  const error = await p.parseAsync(argv, { from: 'user' }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ZonectlError);
  return error as ZonectlError;
}

describe('the runner runs a definition’s validate before its handler', () => {
  it('refuses with the error validate raised, and the handler never runs', async () => {
    const ran: string[] = [];
    const p = program(
      defineCommand({
        name: 'try',
        description: 'a command to try',
        flags: { mode: flag.choice('--mode <mode>', 'a choice', ['a', 'b'], 'a') },
        validate: ({ flags }) => {
          ran.push(`validate ${flags.mode}`);
          if (flags.mode === 'b') throw new ZonectlError('BAD_FLAG', '--mode b is refused');
        },
        run: ({ flags }) => {
          ran.push(`run ${flags.mode}`);
          return 0;
        },
      }),
    );
    const error = await refusal(p, ['try', '--mode', 'b']);
    expect([error.code, error.message]).toEqual(['BAD_FLAG', '--mode b is refused']);
    expect(ran).toEqual(['validate b']);
    await program(
      defineCommand({
        name: 'try',
        description: 'a command to try',
        flags: { mode: flag.choice('--mode <mode>', 'a choice', ['a', 'b'], 'a') },
        validate: ({ flags }) => ran.push(`validate ${flags.mode}`),
        run: ({ flags }) => {
          ran.push(`run ${flags.mode}`);
          return 0;
        },
      }),
    ).parseAsync(['try'], { from: 'user' });
    expect(ran).toEqual(['validate b', 'validate a', 'run a']);
  });
});

describe('the verbs’ definitions carry their flag checks', () => {
  // An API that counts what it is asked: a refused flag asks nothing.
  let server: Server;
  let requests = 0;
  let baseUrl = '';
  beforeAll(async () => {
    server = createServer((_req, res) => {
      requests += 1;
      res.writeHead(500).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/client/v4`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
  });

  // The zone file does not exist: a session that started would fail on it with another error.
  const cases: readonly { readonly definition: AnyCommand; readonly argv: readonly string[]; readonly message: string }[] = [
    {
      definition: driftCommand,
      argv: ['drift', 'missing.yaml', '--fail-on', 'new'],
      message: '--fail-on new needs --baseline FILE (the earlier report)',
    },
    {
      definition: driftCommand,
      argv: ['drift', 'missing.yaml', '--dry-run'],
      message: '--dry-run goes with --adopt (drift itself never writes)',
    },
    {
      definition: driftCommand,
      argv: ['drift', 'missing.yaml', '--adopt', '--out', 'x.json', '--tokens'],
      message: '--adopt edits the zone files and prints no report: it takes no --out, --tokens',
    },
    {
      definition: driftCommand,
      argv: ['drift', 'missing.yaml', '--adopt', 'd2:nope'],
      message:
        '--adopt "d2:nope": not a drift item id (d2: and 24 hex digits, as in `zonectl drift --format json`); give the zone files before --adopt',
    },
    {
      definition: waitDnsCommand,
      argv: ['wait-dns', 'missing.yaml', '--timeout', '0'],
      message: '--wait-dns must be a whole number of seconds from 1 to 86400, got "0"',
    },
    {
      definition: waitDnsCommand,
      argv: ['wait-dns', 'missing.yaml', '--timeout', '86401'],
      message: '--wait-dns must be a whole number of seconds from 1 to 86400, got "86401"',
    },
  ];

  // export's refusals of its flag combinations are BAD_ARGS (unchanged): the file given to --into does not exist either.
  const exportCases: readonly { readonly argv: readonly string[]; readonly message: string }[] = [
    {
      argv: ['export', '--into', 'missing.yaml', '--all', '--force'],
      message: '--into edits the zone file it names in place: it takes no --all, --force (the file says its zone and account)',
    },
    {
      argv: ['export', '--zone', 'example.com', '--dry-run'],
      message: '--dry-run goes with --into FILE (an export to --out writes a new file; see it on stdout without --out)',
    },
    { argv: ['export'], message: 'give --zone NAME or --all (with --out DIR)' },
    { argv: ['export', '--all'], message: '--all writes one file per zone: give --out DIR' },
  ];
  for (const { argv, message } of exportCases) {
    it(`${argv.join(' ')}: BAD_ARGS from the definition, no session, no request`, async () => {
      const error = await refusal(program(exportCommand), [...argv, '--base-url', baseUrl]);
      expect([error.code, error.message]).toEqual(['BAD_ARGS', message]);
      expect(requests).toBe(0);
    });
  }

  // token roll's refusals are BAD_ARGS (unchanged): a roll with nowhere to keep its secret, an account id that is none.
  const tokenCases: readonly { readonly argv: readonly string[]; readonly message: string }[] = [
    { argv: ['token', 'roll', 'ci'], message: 'the new secret is shown only once: give --token-output FILE or --show-token-values' },
    {
      argv: ['token', 'roll', 'ci', '--account', 'main', '--token-output', 'tokens.json'],
      message: '--account main: an account id is 32 hexadecimal characters (lower case)',
    },
    {
      argv: ['token', 'roll', 'ci', '--account', '023E105F4ECEF8AD9CA31A8372D0C353', '--show-token-values'],
      message: '--account 023E105F4ECEF8AD9CA31A8372D0C353: an account id is 32 hexadecimal characters (lower case)',
    },
  ];
  for (const { argv, message } of tokenCases) {
    it(`${argv.join(' ')}: BAD_ARGS from the definition, no session, no request`, async () => {
      const roll = tokenCommand.kind === 'group' ? tokenCommand.commands.find((c) => c.name === 'roll') : undefined;
      expect(roll?.kind === 'command' && typeof roll.validate).toBe('function');
      const error = await refusal(program(tokenCommand), [...argv, '--base-url', baseUrl]);
      expect([error.code, error.message]).toEqual(['BAD_ARGS', message]);
      expect(requests).toBe(0);
    });
  }

  for (const { definition, argv, message } of cases) {
    it(`${argv.slice(1).join(' ')}: BAD_FLAG from the definition, no session, no request`, async () => {
      expect(definition.kind === 'command' && typeof definition.validate).toBe('function');
      const error = await refusal(program(definition), [...argv, '--base-url', baseUrl]);
      expect([error.code, error.message]).toEqual(['BAD_FLAG', message]);
      expect(requests).toBe(0);
    });
  }

  it('a valid drift --fail-on new --baseline passes validate (the check is no blanket refusal)', () => {
    expect(driftCommand.validate).toBeDefined();
    expect(() =>
      driftCommand.validate?.(
        {
          args: { paths: ['zones/'] },
          flags: { ...defaultsOf(driftCommand), failOn: 'new', baseline: 'last.json' } as DriftFlags,
        },
        usageErrorThrows,
      ),
    ).not.toThrow();
  });
});

type DriftFlags = Parameters<NonNullable<typeof driftCommand.validate>>[0]['flags'];

/** The command line's context for a definition's `validate` called directly: a usage error throws. */
const usageErrorThrows = {
  usageError: (message: string): never => {
    throw new Error(message);
  },
};

/** The flag values of a definition when none is given (switches off, the rest their defaults). */
function defaultsOf(definition: AnyCommand): Record<string, unknown> {
  if (definition.kind !== 'command') return {};
  return Object.fromEntries(
    Object.entries(definition.flags as Record<string, { kind: string; default?: unknown; empty?: boolean }>).map(([key, spec]) => [
      key,
      spec.kind === 'switch' ? false : spec.kind === 'list' ? (spec.empty ? [] : undefined) : spec.default,
    ]),
  );
}
