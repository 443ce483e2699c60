/**
 * Reading what `zonectl import --from terraform FILE...` needs: state files or `terraform show
 * -json` output (JSON), and `.tf` files (HCL, parse-hcl.ts). A file that does not parse is refused
 * at its line. The conversion is core's.
 */
import { readFileSync } from 'node:fs';
import type { InputProblem } from '../../core/migrate/problems.js';
import type { ReportItem } from '../../core/migrate/report.js';
import { readTerraformHcl, type HclFile } from '../../core/migrate/terraform/terraform-hcl.js';
import { buildTerraformImport, type TerraformImport } from '../../core/migrate/terraform/terraform-import.js';
import { readTerraformJson, type TfResource } from '../../core/migrate/terraform/terraform-state.js';
import { parseHcl } from './parse-hcl.js';
import { readJsonFile } from './read-json.js';

export async function readTerraformImport(
  files: readonly string[],
  options: { readonly zone?: string },
): Promise<TerraformImport & { accounts: [] }> {
  const problems: InputProblem[] = [];
  const resources: TfResource[] = [];
  const hcl: HclFile[] = [];
  for (const file of files) {
    if (file.endsWith('.tf')) {
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch (err) {
        problems.push({ at: { file }, message: `cannot read it: ${(err as NodeJS.ErrnoException).code ?? String(err)}` });
        continue;
      }
      const parsed = await parseHcl(file, text);
      if (parsed.ok) hcl.push({ file, text, json: parsed.json });
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
    // With both the state and the .tf files, the state's values (what is live) win.
    const known = new Set(resources.map((r) => r.address));
    resources.push(...fromHcl.resources.filter((r) => !known.has(r.address)));
    left = fromHcl.left.filter((i) => !known.has(i.subject));
  }
  const built = buildTerraformImport(resources, options);
  return {
    ...built,
    report: { ...built.report, other: [...left, ...built.report.other] },
    problems: [...problems, ...built.problems],
    accounts: [],
  };
}
