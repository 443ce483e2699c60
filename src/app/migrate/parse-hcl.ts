/**
 * Terraform's HCL through HashiCorp's own parser (hashicorp/hcl, compiled to WebAssembly and
 * published as @cdktf/hcl2json): the grammar of `.tf` files is Terraform's, not one zonectl would
 * re-implement. It is loaded only when a `.tf` file is read, and resolved at run time from
 * node_modules (a clone's `npm install` has it): its WebAssembly file is read beside its own code,
 * which a bundle cannot carry, so an installed tarball or the single binary says how to get it.
 */
import { createRequire } from 'node:module';
import type { InputProblem } from '../../core/migrate/problems.js';

interface Hcl2Json {
  parse(filename: string, contents: string): Promise<unknown>;
}

let loaded: Hcl2Json | undefined;

function load(): Hcl2Json | string {
  if (loaded !== undefined) return loaded;
  try {
    // A run-time require on purpose: the bundler leaves it alone (see above).
    loaded = createRequire(import.meta.url)('@cdktf/hcl2json') as Hcl2Json;
    return loaded;
  } catch {
    return "reading .tf files needs the npm package @cdktf/hcl2json (HashiCorp's HCL parser), which this installation lacks: run zonectl from a clone after `npm install`, or pass the state or `terraform show -json` output instead";
  }
}

/** The parser's JSON of one file, or the problem at the line it names (`FILE:LINE,COL-...: message`). */
export async function parseHcl(file: string, text: string): Promise<{ ok: true; json: unknown } | { ok: false; problem: InputProblem }> {
  const lib = load();
  if (typeof lib === 'string') return { ok: false, problem: { at: { file }, message: lib } };
  try {
    return { ok: true, json: await lib.parse(file, text) };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const m = /:(\d+),\d+(?:-\d+(?:,\d+)?)?: ([^\]]+)/.exec(message);
    return {
      ok: false,
      problem: {
        at: { file, ...(m !== null ? { line: Number(m[1]) } : {}) },
        message: `not valid HCL: ${m !== null ? m[2]!.trim() : message}`,
      },
    };
  }
}
