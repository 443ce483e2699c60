/**
 * octoDNS's side of the hand-over (issue 40 item 4), as an edit of its configuration made by the
 * editor (src/core/yaml-edit: the team's comments and layout stay): for each zone zonectl
 * imported, its `zones:` entry is deleted; one that other targets write too loses only its
 * Cloudflare target; one that keeps URL forwards (Page Rules, which zonectl does not manage)
 * keeps its entry with a `TypeAllowlistFilter` of `URLFWD` (unless the entry has other targets,
 * which that filter would strip as well: then it is said in words) (octodns/processor/filter.py:
 * "Only manage records of the specified type(s)", also applied to the target's records by
 * default, so octoDNS neither writes nor deletes the others:
 * https://github.com/octodns/octodns/blob/main/octodns/processor/filter.py). A zone of a `'*'`
 * entry, or an edit the editor refuses, is said in words. Pure.
 */
import { editYaml, type YamlEdit } from '../../yaml-edit/index.js';
import type { FileEdit, Handover } from '../handover.js';
import type { CloudflareTarget, OctodnsConfig } from './octodns-config.js';

/** The processor the hand-over adds for zones that keep URL forwards in octoDNS. */
export const URLFWD_ONLY = 'zonectl-urlfwd-only';

export function octodnsHandover(
  config: OctodnsConfig,
  imported: ReadonlyArray<{ readonly zone: string; readonly keepsUrlfwd: boolean; readonly target?: CloudflareTarget }>,
  configFile: string,
  texts: ReadonlyMap<string, string>,
): Handover {
  const byHand: string[] = [];
  const editsOf = new Map<string, YamlEdit[]>();
  const add = (file: string, e: YamlEdit): void => {
    editsOf.set(file, [...(editsOf.get(file) ?? []), e]);
  };
  let processorAdded = false;
  for (const { zone, keepsUrlfwd, target } of imported) {
    const entry = config.zones.find((z) => z.zone === zone);
    if (entry === undefined) continue;
    const file = entry.at.file;
    if (entry.wildcard === true || file !== configFile) {
      byHand.push(
        entry.wildcard === true
          ? `${zone} is written by the '*' entry of zones: add an entry of its own without its Cloudflare target (or a TypeAllowlistFilter of URLFWD), or leave it out of the sources`
          : `${zone}: its zones: entry is in ${file}: delete it there`,
      );
      continue;
    }
    const targets = entry.targetIds ?? [];
    const cf = target !== undefined ? targets.indexOf(target.id) : -1;
    if (keepsUrlfwd && targets.length > 1) {
      // A processor of the entry filters what every target of it gets, not the Cloudflare one alone.
      byHand.push(
        `${zone} keeps URL forwards (Page Rules) in octoDNS and has other targets (${targets.filter((t) => t !== target?.id).join(', ')}): a TypeAllowlistFilter of URLFWD would filter theirs too; give the Cloudflare target an entry of its own with that filter, or move the URL forwards to redirect rules and drop the target (${file}${entry.at.line !== undefined ? `:${entry.at.line}` : ''})`,
      );
    } else if (keepsUrlfwd) {
      if (!processorAdded) {
        add(file, {
          kind: 'set',
          path: ['processors', URLFWD_ONLY],
          value: { class: 'octodns.processor.filter.TypeAllowlistFilter', allowlist: ['URLFWD'] },
          comments: ['zonectl manages these zones DNS records; octoDNS keeps only their URL forwards (Page Rules)'],
          order: ['manager', 'providers', 'processors', 'zones'],
        });
        processorAdded = true;
      }
      add(file, {
        kind: 'set',
        path: ['zones', entry.key, 'processors'],
        value: [...(entry.processors ?? []), URLFWD_ONLY],
        order: ['sources', 'processors', 'targets'],
      });
    } else if (targets.length > 1 && cf >= 0) add(file, { kind: 'remove', path: ['zones', entry.key, 'targets', cf] });
    else add(file, { kind: 'remove', path: ['zones', entry.key] });
  }
  const edits: FileEdit[] = [];
  for (const [file, list] of editsOf) {
    const before = texts.get(file);
    if (before === undefined) continue;
    const edited = editYaml(before, list);
    if (!edited.ok) {
      byHand.push(`${file}${edited.refusal.line !== undefined ? `:${edited.refusal.line}` : ''}: ${edited.refusal.message}`);
      continue;
    }
    edits.push({ path: file, before, after: edited.text });
  }
  return { edits, byHand };
}
