/**
 * The JSON Schema validators compiled ahead of time, for the bundle and the single executable
 * (docs/architecture.md, "Schema validators ahead of time").
 *
 * From source, src/core/schema/schema-validators.ts compiles the schemas with Ajv at
 * first use (about 0.2 s, and Ajv itself to load). At build time, `aotSchemaPlugin` replaces that
 * module with one that loads code Ajv's standalone mode generated from the same schemas and
 * options (src/core/schema/standalone.ts), bundled with Ajv's run-time helpers into one
 * CommonJS script:
 * - `file` (the npm bundle): the script is written beside the chunk that uses it, as
 *   `zonectl-schema-validators.cjs`, and `require`d only when a document may have errors (a valid
 *   one is recognised by the quick check, schema/quick-check.ts): a valid run never reads it.
 * - `inline` (the single executable, one script compiled with its V8 code cache): the script is inlined
 *   and evaluated at first use.
 * Nothing generated is committed; every build generates it again.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const VALIDATORS_FILE = 'zonectl-schema-validators.cjs';
const REPLACED = /[\\/]src[\\/]core[\\/]schema[\\/]schema-validators\.ts$/;

/** The standalone validators as one CommonJS script (its `module.exports` holds one function per name). */
export async function standaloneValidatorsScript() {
  // Run the TypeScript generator: bundled in memory, loaded as a module.
  const generator = await build({
    entryPoints: [join(root, 'src', 'core', 'schema', 'standalone.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    logLevel: 'warning',
    // Loaded from a data: URL, whose import.meta.url cannot anchor a `require`: the repository can.
    banner: {
      js: `import { createRequire as __aotRequire } from 'node:module'; const require = __aotRequire(${JSON.stringify(join(root, 'package.json'))});`,
    },
  });
  const url = `data:text/javascript;base64,${Buffer.from(generator.outputFiles[0].contents).toString('base64')}`;
  const { standaloneValidatorsSource } = await import(url);
  // Bundle Ajv's run-time helpers (`require("ajv/dist/runtime/...")`) into the script.
  const script = await build({
    stdin: { contents: standaloneValidatorsSource(), resolveDir: root, loader: 'js', sourcefile: 'schema-validators.standalone.js' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    minifyWhitespace: true,
    legalComments: 'none',
    write: false,
    logLevel: 'warning',
  });
  return script.outputFiles[0].text;
}

/** The esbuild plugin; with `file`, call `writeValidatorsFile(metafile, script)` after the build. */
export function aotSchemaPlugin(mode, script) {
  return {
    name: 'zonectl-aot-schema',
    setup(b) {
      b.onLoad({ filter: REPLACED }, () => ({
        loader: 'js',
        resolveDir: root,
        contents:
          mode === 'file'
            ? `import { createRequire } from 'node:module';
let loaded;
/** Ajv's standalone validators, generated at build time (scripts/aot-schema.mjs), read at first use. */
export function schemaValidator(name) {
  loaded ??= createRequire(import.meta.url)('./${VALIDATORS_FILE}');
  return loaded[name];
}
`
            : `let loaded;
function load() {
  const module = { exports: {} };
  const exports = module.exports;
${script}
  return module.exports;
}
/** Ajv's standalone validators, generated at build time (scripts/aot-schema.mjs), evaluated at first use. */
export function schemaValidator(name) {
  loaded ??= load();
  return loaded[name];
}
`,
      }));
    },
  };
}

/** Writes the script beside the output file that holds the replaced module (its `require` is relative). */
export function writeValidatorsFile(metafile, outdirBase, script) {
  const holders = Object.entries(metafile.outputs).filter(([, o]) => Object.keys(o.inputs).some((i) => REPLACED.test(`/${i}`)));
  if (holders.length !== 1) throw new Error(`aot-schema: expected one output to hold schema-validators.ts, found ${holders.length}`);
  writeFileSync(join(outdirBase, dirname(holders[0][0]), VALIDATORS_FILE), script);
}
