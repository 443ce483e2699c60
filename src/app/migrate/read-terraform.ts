/**
 * Reading what `zonectl import --from terraform FILE...` needs: state files or `terraform show
 * -json` output (JSON), and `.tf` files (HCL, parse-hcl.ts). A file that does not parse is refused
 * at its line; a file over its cap (MAX_TF_FILE_BYTES, read-json.ts MAX_JSON_INPUT_BYTES) is refused
 * before it is parsed. The conversion is core's.
 */
import type { InputProblem } from '../../core/migrate/problems.js';
import type { ReportItem } from '../../core/migrate/report.js';
import { readTerraformHcl, type HclFile } from '../../core/migrate/terraform/terraform-hcl.js';
import { terraformHandover } from '../../core/migrate/terraform/terraform-handover.js';
import { buildTerraformImport, type TerraformImport } from '../../core/migrate/terraform/terraform-import.js';
import type { Handover } from '../../core/migrate/handover.js';
import { readTerraformJson, type TfResource } from '../../core/migrate/terraform/terraform-state.js';
import { parseHcl } from './parse-hcl.js';
import { readInputText, readJsonFile } from './read-json.js';

/**
 * The largest `.tf` file read (issue 39 item 6): HashiCorp's parser (WebAssembly, hcl-wasm.ts)
 * builds about 200 times a file's size in memory (2 MiB of records took 382 MiB; a 0.5 MiB list
 * literal 373 MiB and 25 s), within its own memory cap. 2 MiB is some 13,000 records.
 */
export const MAX_TF_FILE_BYTES = 2 * 1024 * 1024;

export async function readTerraformImport(
  files: readonly string[],
  options: { readonly zone?: string },
): Promise<TerraformImport & { accounts: []; handover: Handover }> {
  const problems: InputProblem[] = [];
  const resources: TfResource[] = [];
  const hcl: HclFile[] = [];
  for (const file of files) {
    if (file.endsWith('.tf')) {
      const read = readInputText(file, { maxBytes: MAX_TF_FILE_BYTES, kind: 'zonectl reads as a .tf file' });
      if (!read.ok) {
        problems.push(
          read.problem.message.startsWith('larger than')
            ? {
                ...read.problem,
                message: `${read.problem.message}: split it into several .tf files, or import from the state (terraform show -json)`,
              }
            : read.problem,
        );
        continue;
      }
      const text = read.text;
      const parsed = await parseHcl(file, text);
      if (parsed.ok) hcl.push({ file, text, json: await expandTokenJsonencode(file, parsed.json) });
      else problems.push(parsed.problem);
      continue;
    }
    const read = readJsonFile(file);
    if (!read.ok) {
      problems.push(read.problem);
      continue;
    }
    const got = readTerraformJson(read.value, read.text, file);
    problems.push(...got.problems);
    resources.push(...got.resources);
  }
  let left: ReportItem[] = [];
  if (hcl.length > 0) {
    const fromHcl = readTerraformHcl(hcl);
    problems.push(...fromHcl.problems);
    // With both the state and the .tf files, the state's values (what is live) win.
    const known = new Set(resources.map((r) => r.address));
    resources.push(...fromHcl.resources.filter((r) => !known.has(r.address)));
    left = fromHcl.left.filter((i) => !known.has(i.subject));
  }
  const built = buildTerraformImport(resources, options, hcl);
  return {
    ...built,
    report: { ...built.report, other: [...left, ...built.report.other] },
    problems: [...problems, ...built.problems],
    accounts: [],
    handover: terraformHandover(hcl, built.imported ?? [], resources),
  };
}

const JSONENCODE = /^\$\{jsonencode\(([\s\S]*)\)\}$/;

/** The parser's JSON of a file with its `cloudflare_api_token` bodies through expandJsonencode. */
async function expandTokenJsonencode(file: string, json: unknown): Promise<unknown> {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObject(json) || !isObject(json.resource) || !isObject(json.resource.cloudflare_api_token)) return json;
  const tokens = await expandJsonencode(file, json.resource.cloudflare_api_token);
  return { ...json, resource: { ...json.resource, cloudflare_api_token: tokens } };
}

/**
 * `jsonencode(LITERAL)` (how provider v5 writes an API token's `resources`) as the value it encodes:
 * the literal is parsed by the same HCL parser, and `resources` accepts the object as well as its
 * JSON. Anything the parser does not read as a literal stays the expression it was.
 */
async function expandJsonencode(file: string, json: unknown): Promise<unknown> {
  if (typeof json === 'string') {
    const m = JSONENCODE.exec(json);
    if (m === null) return json;
    const parsed = await parseHcl(file, `value = ${m[1]}\n`);
    return parsed.ok && typeof parsed.json === 'object' && parsed.json !== null && 'value' in parsed.json ? parsed.json.value : json;
  }
  if (Array.isArray(json)) return Promise.all(json.map((v) => expandJsonencode(file, v)));
  if (typeof json === 'object' && json !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(json)) out[k] = await expandJsonencode(file, v);
    return out;
  }
  return json;
}
