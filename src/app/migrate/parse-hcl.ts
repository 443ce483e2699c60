/**
 * Terraform's HCL through HashiCorp's own parser (hashicorp/hcl, compiled to WebAssembly and
 * published as @cdktf/hcl2json): the grammar of `.tf` files is Terraform's, not one zonectl would
 * re-implement. The parser (hcl-wasm.ts, 1.7 MB of WebAssembly) is loaded only when a `.tf` file
 * is read: no other command, and no other input of `import`, pays for it.
 */
import type { InputProblem } from '../../core/migrate/problems.js';

/** The parser's JSON of one file, or the problem at the line it names (`FILE:LINE,COL-...: message`). */
export async function parseHcl(file: string, text: string): Promise<{ ok: true; json: unknown } | { ok: false; problem: InputProblem }> {
  let parsed: Awaited<ReturnType<typeof import('./hcl-wasm.js').hclToJson>>;
  try {
    const { hclToJson } = await import('./hcl-wasm.js');
    parsed = await hclToJson(file, text);
  } catch (err) {
    // hcl-wasm.ts's HclParserError, told by its flag (this module imports hcl-wasm.ts only when a .tf file is read).
    if ((err as { outOfMemory?: unknown } | null)?.outOfMemory === true)
      return {
        ok: false,
        problem: {
          at: { file },
          message: `${(err as Error).message} reading it: split it into several .tf files, or import from the state (terraform show -json)`,
        },
      };
    return {
      ok: false,
      problem: { at: { file }, message: `the HCL parser could not run: ${err instanceof Error ? err.message : String(err)}` },
    };
  }
  if (parsed.ok) return { ok: true, json: JSON.parse(parsed.json) as unknown };
  const m = /:(\d+),\d+(?:-\d+(?:,\d+)?)?: ([^\]]+)/.exec(parsed.error);
  return {
    ok: false,
    problem: {
      at: { file, ...(m !== null ? { line: Number(m[1]) } : {}) },
      message: `not valid HCL: ${m !== null ? m[2]!.trim() : parsed.error}`,
    },
  };
}
