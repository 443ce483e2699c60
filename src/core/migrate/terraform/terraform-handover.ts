/**
 * Terraform's side of the hand-over (issue 40 item 4), as an edit of its files: the imported
 * resource blocks deleted from the `.tf` files zonectl read (with the comments directly above
 * them, now in the zone files), and a new `zonectl-handover.tf` beside them holding a `removed {
 * from = ... lifecycle { destroy = false } }` block per resource (Terraform 1.7+,
 * https://developer.hashicorp.com/terraform/language/resources/syntax#removing-resources), so
 * that `terraform plan` shows "will no longer be managed" and destroys nothing. Imported from the
 * state alone, the `.tf` files are unknown: the patch holds the `removed` blocks and the report
 * says which blocks to delete. Pure.
 */
import { scanHcl } from '../comments/hcl-comments.js';
import { type FileEdit, type Handover, withoutLines } from '../handover.js';
import { removedBlock, wholeResources } from './terraform-import.js';
import type { TfResource } from './terraform-state.js';

const HCL_COMMENT_LINE = /^\s*(#|\/\/|\/\*|\*)|\*\/\s*$/;

export function terraformHandover(
  tfFiles: ReadonlyArray<{ readonly file: string; readonly text: string }>,
  imported: readonly TfResource[],
  all: readonly TfResource[],
): Handover {
  const whole = wholeResources(imported, all);
  if (whole.length === 0) return { edits: [], byHand: [] };
  const edits: FileEdit[] = [];
  const deleted = new Set<string>();
  for (const f of tfFiles) {
    const blocks = scanHcl(f.text, f.file)
      .blocks.filter((b) => b.kind === 'resource' && b.labels.length >= 2 && whole.includes(`${b.labels[0]}.${b.labels[1]}`))
      .sort((a, b) => b.startLine - a.startLine);
    if (blocks.length === 0) continue;
    let text = f.text;
    for (const b of blocks) {
      text = withoutLines(text, b.startLine, b.endLine, HCL_COMMENT_LINE);
      deleted.add(`${b.labels[0]}.${b.labels[1]}`);
    }
    edits.push({ path: f.file, before: f.text, after: text });
  }
  const dir = tfFiles[0] !== undefined ? tfFiles[0].file.replace(/[^/]*$/, '') : '';
  edits.push({
    path: `${dir}zonectl-handover.tf`,
    after: `# zonectl manages these records now (zonectl import --from terraform): Terraform forgets them and destroys nothing (Terraform 1.7+).\n${whole.map(removedBlock).join('\n')}\n`,
  });
  const left = whole.filter((a) => !deleted.has(a));
  return {
    edits,
    byHand:
      left.length > 0
        ? [`delete the resource blocks of ${left.join(', ')} from the .tf files (zonectl read the state, not those files)`]
        : [],
  };
}
