/**
 * Reading what `zonectl import --from terraform FILE...` needs: state files or `terraform show
 * -json` output (JSON; a file that is not is refused at its line). The conversion is core's.
 */
import type { InputProblem } from '../../core/migrate/problems.js';
import { buildTerraformImport, type TerraformImport } from '../../core/migrate/terraform/terraform-import.js';
import { readTerraformJson, type TfResource } from '../../core/migrate/terraform/terraform-state.js';
import { readJsonFile } from './read-json.js';

export function readTerraformImport(files: readonly string[], options: { readonly zone?: string }): TerraformImport & { accounts: [] } {
  const problems: InputProblem[] = [];
  const resources: TfResource[] = [];
  for (const file of files) {
    if (file.endsWith('.tf')) {
      problems.push({
        at: { file },
        message:
          'reading .tf files is not supported yet: pass the state (terraform.tfstate, or `terraform state pull > state.json`) or `terraform show -json > show.json`',
      });
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
  const built = buildTerraformImport(resources, options);
  return { ...built, problems: [...problems, ...built.problems], accounts: [] };
}
