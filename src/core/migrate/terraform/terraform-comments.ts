/**
 * The comments of Terraform's `.tf` files carried to the zone files (issue 40 item 1): a comment
 * annotates the top-level block it sits in or at the end of a line of (`resource "cloudflare_record"
 * "www" { ... }`), or the block after it (source-comments.ts). A resource's comments go above
 * what it became (its record, or its token), every instance alike (`count`/`for_each` make
 * several: above the first written); a `cloudflare_zone_dns_settings` resource's at the top of
 * its zone file. Comments about a file go to the top of the zone files its resources feed.
 * Comments of Terraform's own configuration (providers, variables, modules, the zone resources)
 * are counted, not carried; those of a resource left to Terraform are listed in the report. Pure.
 */
import {
  type Anchor,
  attributeComments,
  FirstWritten,
  type NotPlacedComment,
  type ZoneComments,
  ZoneCommentsBuilders,
} from '../comments/source-comments.js';
import { scanHcl } from '../comments/hcl-comments.js';

/** What one resource (by its address without instance key) became: written objects in a zone, or nothing (its subject). */
export interface ResourceOutcome {
  readonly zone?: string;
  /** The records or tokens written for it; empty: it is about the zone (settings), written at the top. */
  readonly written: readonly object[];
}

export interface TerraformComments {
  readonly zones: ReadonlyMap<string, ZoneComments>;
  /** Comments of resources not imported, or of a file that feeds no zone. */
  readonly notPlaced: readonly NotPlacedComment[];
  /** Comments beside Terraform's own configuration (providers, variables, ...): not carried. */
  readonly configuration: number;
}

export function placeTerraformComments(
  files: ReadonlyArray<{ readonly file: string; readonly text: string }>,
  outcomes: ReadonlyMap<string, ResourceOutcome>,
): TerraformComments {
  const builders = new ZoneCommentsBuilders();
  const notPlaced: NotPlacedComment[] = [];
  let configuration = 0;
  for (const f of files) {
    const scan = scanHcl(f.text, f.file);
    const anchors: Anchor<string>[] = [];
    for (const b of scan.blocks) {
      const address = b.kind === 'resource' && b.labels.length >= 2 ? `${b.labels[0]}.${b.labels[1]}` : undefined;
      const target = address !== undefined && (outcomes.has(address) || b.labels[0]!.startsWith('cloudflare_')) ? address : undefined;
      for (let line = b.startLine; line <= b.endLine; line += 1) anchors.push({ file: f.file, line, target });
    }
    const zonesOfFile = [
      ...new Set(
        scan.blocks.flatMap((b) => {
          const o = b.kind === 'resource' && b.labels.length >= 2 ? outcomes.get(`${b.labels[0]}.${b.labels[1]}`) : undefined;
          return o?.zone !== undefined ? [o.zone] : [];
        }),
      ),
    ];
    const attributed = attributeComments(scan.comments, anchors, { lines: new Map([[f.file, f.text.split('\n')]]) });
    for (const { comment, to } of attributed) {
      if (to.kind === 'configuration') {
        configuration += 1;
        continue;
      }
      if (to.kind === 'file') {
        if (zonesOfFile.length === 0)
          notPlaced.push({ text: comment.text, subject: `${f.file} (about the file)`, at: { file: f.file, line: comment.line } });
        for (const zone of zonesOfFile) {
          if (to.where === 'top') builders.of(zone).top(comment);
          else builders.of(zone).end(comment);
        }
        continue;
      }
      const outcome = outcomes.get(to.target);
      if (outcome?.zone === undefined) {
        notPlaced.push({ text: comment.text, subject: to.target, at: { file: comment.file, line: comment.line } });
        continue;
      }
      const b = builders.of(outcome.zone);
      if (outcome.written.length === 0) b.top(comment);
      else if (outcome.written.length === 1) b.above(outcome.written[0]!, comment);
      else b.above(new FirstWritten(outcome.written), comment);
    }
  }
  return { zones: builders.finish(), notPlaced, configuration };
}
