#!/usr/bin/env node
/**
 * The architecture rules that an import graph cannot show (docs/architecture.md, "The shape of a
 * verb"), checked by `npm run arch` after dependency-cruiser: src/app (the sessions) never writes
 * to a stream nor ends the process (it tells its events to the output it was given), a
 * command of src/cli/commands writes nothing itself (its view and the output choke point,
 * src/cli/output/io.ts, do), and whether a live record is the file's is asked of
 * src/core/ownership alone (docs/architecture.md, "Ownership"): no other file reads the service's
 * marks (`meta.*`), external-dns's registry labels or zonectl's ownership marker; and the importers
 * (src/core/migrate, src/core/bind) and the emulator's BIND reader and writer read a record's value
 * through a table keyed by type, never a switch over types (docs/architecture.md, "Adding a record
 * type"). Comments are left out; each violation is named by file and line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');

const RULES = [
  {
    name: 'sessions-write-no-stream',
    dir: 'src/app',
    pattern: /process\.(stdout|stderr)\b|\bconsole\.|process\.(exit|abort)\(/,
    why: 'a session tells its events to its output (src/app/session); the CLI writes and exits',
  },
  {
    name: 'commands-write-through-views',
    dir: 'src/cli/commands',
    except: ['src/cli/commands/emulator.ts'],
    pattern: /process\.(stdout|stderr)\b|\bconsole\./,
    why: 'a command shows through its view (src/cli/views) and src/cli/output/io.ts (secrets masked, text escaped)',
  },
  {
    name: 'flags-checked-in-their-definition',
    dir: 'src/app',
    // These refuse a flag by what only the session can see: the git history, the live zone.
    except: ['src/app/files/changed-since.ts', 'src/app/drift/adopt-session.ts'],
    pattern: /['"`]BAD_FLAG['"`]/,
    why: "a flag's value and combinations are checked by its command's definition (`validate`, src/cli/definition/define-command.ts), before any session",
  },
  {
    // token roll's session refuses nothing of its flags, not even as BAD_ARGS: where the secret
    // goes and the --account id are checked by its definition (its request type requires a destination).
    name: 'flags-checked-in-their-definition',
    dir: 'src/app/token',
    pattern: /['"`](BAD_FLAG|BAD_ARGS)['"`]/,
    why: "token roll's flags (--token-output, --show-token-values, --account) are checked by its definition (`validate`, src/cli/commands/token.ts), before the session",
  },
  {
    // The other half: a command's handler (`run:`) refuses no flag; its definition's `validate` does.
    name: 'flags-checked-in-their-definition',
    dir: 'src/cli/commands',
    inHandler: true,
    pattern: /['"`](BAD_FLAG|BAD_ARGS)['"`]|\busageError\(|RefusedError\(/,
    why: "a flag's value and combinations are checked by its command's definition (`validate`, run before the handler), not by the handler (`run`)",
  },
  {
    name: 'ownership-read-in-one-home',
    dir: 'src',
    exceptDirs: ['src/core/ownership/', 'src/emulator/'],
    pattern:
      /\.(auto_added|read_only|email_routing|managed_by_\w+)\b|['"](auto_added|read_only|email_routing|heritage)['"]|['"`]managed_by_|['"]zonectl:owned['"]|['"]\[zonectl\]['"]/,
    why: "whether a live record is the file's, and why not, is one function of src/core/ownership (whose); ask it through its index",
  },
  {
    name: 'importers-key-record-types-by-table',
    dirs: ['src/core/migrate', 'src/core/bind', 'src/emulator/bind'],
    // A `case` on a type name (`case 'MX':`, `case "ALIAS":`): the old switches over record types.
    pattern: /\bcase\s+['"`][A-Z][A-Z0-9_]*['"`]\s*:/,
    why: "an importer's per-type reading is a table keyed by record type (Record<RecordType, ...>, one entry per type), and the emulator's BIND reader and writer ask its type registry (src/emulator/records/types): no switch over types",
  },
];

/**
 * Outside src/core/yaml-edit the `yaml` package is read with, never written with (docs/architecture.md,
 * "Editing zone files"): an import from it names only reading functions, type guards and types. A
 * default or namespace import, or any other name (`Document`, `stringify`, `Scalar`, `YAMLMap`,
 * `visit`'s writing cousins...), is a violation.
 */
const YAML_READ_API = new Set(['parse', 'parseDocument', 'parseAllDocuments', 'LineCounter', 'Parser', 'Lexer', 'Composer', 'visit']);
const YAML_TYPE_GUARD = /^is[A-Z]\w*$/;
const YAML_IMPORT = /import\s+(type\s+)?([^'";]*?)\s*from\s*['"]yaml['"]/g;

function yamlWriteImports(path, text) {
  const found = [];
  for (const m of text.matchAll(YAML_IMPORT)) {
    if (m[1] !== undefined) continue;
    const line = text.slice(0, m.index).split('\n').length;
    const clause = m[2].trim();
    const named = /^\{([^}]*)\}$/.exec(clause);
    if (named === null) {
      found.push({ line, name: clause });
      continue;
    }
    for (const spec of named[1]
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '')) {
      if (spec.startsWith('type ')) continue;
      const name = spec.split(/\s+as\s+/)[0];
      if (!YAML_READ_API.has(name) && !YAML_TYPE_GUARD.test(name)) found.push({ line, name });
    }
  }
  return found.map((f) => ({ ...f, path }));
}

/**
 * The lines of a command's handlers: from each `run:` property of a definition to the line that
 * closes it at the same indentation (Biome's layout), as [index, line] pairs.
 */
function handlerLines(lines) {
  const inside = [];
  let indent;
  lines.forEach((line, i) => {
    const start = /^(\s*)run: /.exec(line);
    if (indent === undefined && start !== null) {
      indent = start[1];
      inside.push([i, line]);
      if (/\},?$/.test(line.trim()) && !line.trim().endsWith('{')) indent = undefined;
      return;
    }
    if (indent === undefined) return;
    inside.push([i, line]);
    if (line.startsWith(`${indent}}`)) indent = undefined;
  });
  return inside;
}

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

let violations = 0;
for (const rule of RULES) {
  for (const file of (rule.dirs ?? [rule.dir]).flatMap((dir) => sources(join(root, dir)))) {
    const path = relative(root, file);
    if (rule.except?.includes(path) || rule.exceptDirs?.some((d) => path.startsWith(d))) continue;
    const lines = readFileSync(file, 'utf8').split('\n');
    (rule.inHandler ? handlerLines(lines) : lines.map((line, i) => [i, line])).forEach(([i, line]) => {
      if (/^\s*(\*|\/\/|\/\*)/.test(line) || !rule.pattern.test(line.replace(/\/\/.*$/, ''))) return;
      violations += 1;
      process.stderr.write(`  error ${rule.name}: ${path}:${i + 1}: ${line.trim()}\n    (${rule.why})\n`);
    });
  }
}
for (const file of sources(join(root, 'src'))) {
  const path = relative(root, file);
  if (path.startsWith('src/core/yaml-edit/')) continue;
  for (const v of yamlWriteImports(path, readFileSync(file, 'utf8'))) {
    violations += 1;
    process.stderr.write(
      `  error yaml-read-only-outside-the-editor: ${v.path}:${v.line}: imports ${v.name} from 'yaml'\n` +
        '    (YAML is written through src/core/yaml-edit (editYaml, editZoneFile, writeNewYaml); elsewhere `yaml` is read only)\n',
    );
  }
}
if (violations > 0) {
  process.stderr.write(`\nx ${violations} text rule violation(s)\n`);
  process.exitCode = 1;
} else {
  process.stdout.write(
    `✔ no text rule violations (${[...new Set(RULES.map((r) => r.name)), 'yaml-read-only-outside-the-editor'].join(', ')})\n`,
  );
}
