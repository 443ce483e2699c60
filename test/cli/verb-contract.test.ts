/**
 * The verb contract (docs/architecture.md, "The shape of a verb"), checked on the program itself:
 * every command of the command list is either a verb, with its definition, its session at
 * src/app/<verb>/session.ts (exporting its run function), its view at src/cli/views/<verb>.ts and
 * its exit codes in the verbs table of docs/architecture.md, or one of the few commands that
 * run no session, each listed there with the reason. A new command that has not the shape fails here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { AnyCommand, FlagSpec } from '../../src/cli/definition/define-command.js';
import { allCommands } from '../../src/cli/program.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
const section = doc.slice(doc.indexOf('## The shape of a verb'), doc.indexOf('## Where each rule lives'));

/** The verbs table: `| `name` | session | view | exit codes |`. */
const verbs = new Map(
  section
    .split('\n')
    .filter((l) => /^\| `[a-z-]+( [a-z-]+)?` \|/.test(l))
    .map((l) => {
      const cells = l.split('|').map((c) => c.trim());
      return [cells[1]!.replace(/`/g, ''), { session: cells[2]!.replace(/`/g, ''), view: cells[3]!.replace(/`/g, ''), exits: cells[4]! }];
    }),
);
/** The commands that run no session: `- `name`: why`. */
const sessionless = new Set([...section.matchAll(/^- `([a-z-]+)` \(no session\): /gm)].map((m) => m[1]!));

/** A source without its comments (a comment may name what the code must not do). */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
}

function tsFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** The files of a verb's session: its folder in src/app. */
function appFiles(verb: string): string[] {
  return tsFiles(join(root, `src/app/${verb}`));
}

/** An event of the run's start or end emitted (`emit({ kind: 'started' ...`). */
const RUN_EVENT_EMITTED = /emit\(\{\s*kind: '(started|failed|finished)'/;

/**
 * wait-dns's `started` and `finished` are a zone's wait (WaitDnsEvent, src/app/wait-dns/output.ts),
 * also told inside apply's events, not the run's start and end: its session emits them.
 */
const OWN_SUB_EVENTS = new Set(['wait-dns']);

/**
 * The files of a verb's view: its file, its folder in src/cli/views, and every file of
 * src/cli/views they import (plan's and drift's view is ./report/, which they share).
 */
function viewFiles(view: string, verb: string): string[] {
  const views = join(root, 'src/cli/views');
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file) || !existsSync(file)) return;
    seen.add(file);
    for (const m of code(readFileSync(file, 'utf8')).matchAll(/from '(\.{1,2}\/[^']+)\.js'/g)) {
      const target = join(dirname(file), `${m[1]}.ts`);
      if (target.startsWith(views)) visit(target);
    }
  };
  for (const file of [join(root, view), ...tsFiles(join(views, verb))]) visit(file);
  return [...seen];
}

/** A view that reads a run's start or end (an event of the runner's). */
const READS_RUN_EVENT = /(kind [!=]== |case )'(started|failed|finished)'/;

/**
 * A run's start or end told as a method of the output (`failed(error)`, `finish()`) rather than as
 * the runner's events: declared or defined at the start of a line (a public method), or called
 * on something else than `this` (a view's private helper, run at `finished`, is its own business).
 */
const RUN_END_METHOD = /^\s*(async\s+)?(started|failed|finish|finished)\s*\(|(?<!\bthis)\.(started|failed|finish|finished)\(/m;

/** Each runnable command with the verb it belongs to (a group's subcommands belong to the group's folder). */
function runnable(commands: readonly AnyCommand[], verb?: string): Array<{ readonly verb: string; readonly command: AnyCommand }> {
  return commands.flatMap((c) => (c.kind === 'group' ? runnable(c.commands, c.name) : [{ verb: verb ?? c.name, command: c }]));
}

describe('the verb contract, walked over the command list', async () => {
  const commands = await allCommands();
  const all = runnable(commands);

  it('the docs list verbs and sessionless commands, and nothing else', () => {
    expect(verbs.size).toBeGreaterThan(10);
    expect(sessionless.size).toBeGreaterThan(0);
    const listed = [...verbs.keys(), ...sessionless].sort();
    expect(listed).toEqual([...new Set(all.map((c) => c.verb))].sort());
  });

  it.each(all.map((c) => [c.command.name, c]))('%s has the shape of a verb', (_name, { verb, command }) => {
    if (command.kind !== 'command') throw new Error(`${command.name}: a group has no handler`);
    expect(command.description.length).toBeGreaterThan(0);
    expect(typeof command.run).toBe('function');
    for (const [key, spec] of Object.entries<FlagSpec>(command.flags)) {
      expect(['switch', 'text', 'choice', 'parsed', 'list'], `${command.name} --${key}`).toContain(spec.kind);
      expect(spec.description.length, `${command.name} ${spec.flag}`).toBeGreaterThan(0);
    }
    expect(existsSync(join(root, `src/cli/commands/${verb}.ts`)), `src/cli/commands/${verb}.ts`).toBe(true);
    if (sessionless.has(verb)) {
      expect(existsSync(join(root, `src/app/${verb}/session.ts`)), `${verb} is listed as sessionless but has a session`).toBe(false);
      return;
    }
    const row = verbs.get(verb)!;
    expect(row.session).toBe(`src/app/${verb}/session.ts`);
    expect(row.view).toBe(`src/cli/views/${verb}.ts`);
    const session = readFileSync(join(root, row.session), 'utf8');
    expect(session).toMatch(/export (async )?function run[A-Z]\w*\(/);
    expect(existsSync(join(root, row.view)), row.view).toBe(true);
    // Each session has its own test, run in process (issue 46: a session test per verb).
    const sessionTest = row.session.replace(/^src\//, 'test/').replace(/[.]ts$/, '.test.ts');
    expect(existsSync(join(root, sessionTest)), sessionTest).toBe(true);
    // Every verb exits 0 when all went well and 1 on an error; some have more (2, 130/143).
    expect(row.exits).toMatch(/^0 [^|]*1 /);
    // The command shows through its own view (npm run arch checks it imports no other).
    const definition = readFileSync(join(root, `src/cli/commands/${verb}.ts`), 'utf8');
    expect(definition).toContain(`'../views/${verb}.js'`);
    // `finish` is a final event: the view hears the end of the run (`finished`, with the result)
    // from the runner, and no command calls a view's or renderer's `finish` itself.
    expect(code(definition), `src/cli/commands/${verb}.ts calls finish(`).not.toMatch(/\bfinish\(/);
    // Only the runner (runToEnd) emits a run's start and end: no file of the verb's session does.
    for (const file of OWN_SUB_EVENTS.has(verb) ? [] : appFiles(verb))
      expect(code(readFileSync(file, 'utf8')), `${file} emits a run's start or end`).not.toMatch(RUN_EVENT_EMITTED);
    // A view that reads the run's start or end gets it from the runner, in its command or its
    // session: every verb that ends a run (its view hears `failed` or `finished`) runs through
    // runToEnd, and no view takes the end as a method of its own (`failed(error)`) that a command
    // would call from a catch of its own instead.
    const files = viewFiles(row.view, verb);
    for (const file of files)
      expect(code(readFileSync(file, 'utf8')), `${file} tells a run's start or end as a method`).not.toMatch(RUN_END_METHOD);
    expect(code(definition), `src/cli/commands/${verb}.ts tells a run's start or end itself`).not.toMatch(RUN_END_METHOD);
    const view = files.map((f) => code(readFileSync(f, 'utf8'))).join('\n');
    if (READS_RUN_EVENT.test(view) && !OWN_SUB_EVENTS.has(verb))
      expect(definition + session, `${verb}: its view reads the run's end, so its command or session runs it with runToEnd`).toMatch(
        /\brunToEnd\(/,
      );
  });
});
