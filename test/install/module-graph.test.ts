/**
 * What each command loads at start-up in the bundle (scripts/bundle.mjs): the chunks its
 * module statically imports, and the entry's. Commands that make no request (validate, lint,
 * resolve, import, version) must not load the HTTP client (undici) nor any API code; none loads
 * Ajv (its validators are compiled at build time, scripts/aot-schema.mjs); version loads no
 * zone file code; HashiCorp's HCL parser (its WebAssembly runtime) is loaded by nothing but a `.tf`
 * file given to `import --from terraform`. Read from esbuild's metafile of the real bundle options, without writing it.
 */
import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

interface BundleScript {
  bundleOptions(outdir: string, options?: { script?: string }): Promise<Parameters<typeof build>[0]>;
}

/** The inputs (source files and packages) in the static closure of the entry and of `command`'s chunk. */
function loadedBy(meta: Metafile, command: string): Set<string> {
  const outputs = meta.outputs;
  const chunkOf = (pattern: RegExp): string => {
    const found = Object.keys(outputs).filter((k) => pattern.test(k));
    if (found.length !== 1) throw new Error(`expected one output matching ${pattern}, found ${found.join(', ')}`);
    return found[0]!;
  };
  const seen = new Set<string>();
  const visit = (out: string): void => {
    if (seen.has(out)) return;
    seen.add(out);
    for (const i of outputs[out]!.imports) if (i.kind === 'import-statement' && !i.external) visit(i.path);
  };
  visit(chunkOf(/[\\/]zonectl\.js$/));
  visit(chunkOf(/[\\/]chunks[\\/]main-[A-Z0-9]+\.js$/));
  // The command's chunk is the one esbuild made for its definition (another chunk may share its
  // name: a folder's index loaded by a dynamic import, e.g. src/app/export/index.ts).
  const commandChunks = Object.keys(outputs).filter((k) => outputs[k]!.entryPoint === `src/cli/commands/${command}.ts`);
  if (commandChunks.length !== 1)
    throw new Error(`expected one chunk for src/cli/commands/${command}.ts, found ${commandChunks.join(', ')}`);
  visit(commandChunks[0]!);
  return new Set([...seen].flatMap((o) => Object.keys(outputs[o]!.inputs)));
}

describe('the modules each command of the bundle loads at start-up', () => {
  let meta: Metafile;

  beforeAll(async () => {
    const { bundleOptions } = (await import(join(root, 'scripts', 'bundle.mjs'))) as BundleScript;
    const result = await build({
      ...(await bundleOptions(join(root, 'dist', 'graph-test'), { script: '' })),
      write: false,
      absWorkingDir: root,
    });
    meta = result.metafile!;
  }, 180_000);

  // The masking of secrets in every output (src/app/output/secret-redaction.ts) reads the names of
  // the credential variables from src/api/credentials.ts (and its error class): data, no request.
  const MASKING = new Set(['src/api/credentials.ts', 'src/api/errors.ts']);
  const apiCode = (inputs: Set<string>): string[] =>
    [...inputs].filter(
      (i) =>
        i.includes('node_modules/undici/') ||
        (i.startsWith('src/api/') && !MASKING.has(i)) ||
        i.startsWith('src/app/connect/') ||
        i.startsWith('src/app/engine/'),
    );

  for (const command of ['validate', 'lint', 'resolve', 'import', 'version']) {
    it(`${command}: no HTTP client, no API code, no Ajv`, () => {
      const inputs = loadedBy(meta, command);
      expect(inputs.size).toBeGreaterThan(3);
      expect(apiCode(inputs)).toEqual([]);
      expect([...inputs].filter((i) => i.includes('node_modules/ajv/'))).toEqual([]);
    });
  }

  it('version: no zone file code, no YAML parser', () => {
    const inputs = [...loadedBy(meta, 'version')];
    expect(inputs.filter((i) => i.includes('node_modules/js-yaml/') || i.includes('node_modules/yaml/'))).toEqual([]);
    expect(inputs.filter((i) => i.startsWith('src/core/zonefile/') && !i.endsWith('/printable.ts'))).toEqual([]);
  });

  it('the HCL parser: in one chunk of its own, reached only by a dynamic import from the code that reads .tf files', () => {
    const outputs = meta.outputs;
    const isParser = (i: string) => i.includes('node_modules/@cdktf/hcl2json/') || i === 'src/app/migrate/hcl-wasm.ts';
    const holders = Object.keys(outputs).filter((o) => Object.keys(outputs[o]!.inputs).some(isParser));
    expect(holders).toHaveLength(1);
    const parser = holders[0]!;
    const inputs = Object.keys(outputs[parser]!.inputs);
    expect(inputs).toContain('src/app/migrate/hcl-wasm.ts');
    expect(inputs.filter((i) => i.endsWith('node_modules/@cdktf/hcl2json/wasm/wasm_exec.js'))).toHaveLength(1);
    const importers = Object.entries(outputs).flatMap(([o, out]) =>
      out.imports.filter((i) => i.path === parser).map((i) => ({ o, kind: i.kind })),
    );
    expect(importers.map((i) => i.kind)).toEqual(['dynamic-import']);
    expect(Object.keys(outputs[importers[0]!.o]!.inputs)).toContain('src/app/migrate/parse-hcl.ts');
    for (const command of ['validate', 'lint', 'resolve', 'import', 'version', 'plan', 'apply', 'export', 'drift'])
      expect([...loadedBy(meta, command)].filter(isParser), command).toEqual([]);
  });

  it('plan: the HTTP client, and still no Ajv', () => {
    const inputs = loadedBy(meta, 'plan');
    expect([...inputs].some((i) => i.includes('node_modules/undici/'))).toBe(true);
    expect([...inputs].filter((i) => i.includes('node_modules/ajv/'))).toEqual([]);
  });
});
