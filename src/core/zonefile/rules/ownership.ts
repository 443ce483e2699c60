/**
 * What a file may not write when it shares a zone (src/core/ownership/; README.md, "Sharing a zone"):
 * - zonectl's ownership marker (a comment ending in `[zonectl]`, the tag `zonectl:owned`): an
 *   error, `ownership.marker` (the marker says which records zonectl wrote; src/core/ownership/marker.ts);
 * - with external-dns sharing the zone (`manage.external_dns`, or the `external-dns` preset), a TXT
 *   record that is one of external-dns's registry records (`heritage=external-dns`): an error,
 *   `externaldns.registry-listed`. The records the registry claims are known from the live zone
 *   only: plan refuses a file that lists one (src/core/ownership/assign.ts, `fileConflicts`).
 */
import { txtText } from '../../model/txt-strings.js';
import { externalDnsOptionsOf, markerInFile, registryOwner, COMMENT_MARKER, MARKER_TAG } from '../../ownership/index.js';
import { buildManage } from '../build-config.js';
import type { Rule } from './context.js';

export const checkMarkerInFile: Rule = (ctx) => {
  for (const e of ctx.records) {
    const field = markerInFile(e.record);
    if (field === undefined) continue;
    ctx.sink.error(
      'ownership.marker',
      [...e.path, field],
      field === 'comment'
        ? `a comment ending in ${COMMENT_MARKER} reads as zonectl's ownership marker (manage.unmanaged: owned): write the comment without it; zonectl adds the marker to what it writes`
        : `the tag ${MARKER_TAG} is zonectl's ownership marker (manage.unmanaged: owned): remove it; zonectl tags what it writes`,
    );
  }
};

export const checkRegistryListed: Rule = (ctx) => {
  if (ctx.manage === undefined) return;
  const manage = buildManage(ctx.manage);
  const options = externalDnsOptionsOf(manage);
  if (options === undefined) return;
  for (const e of ctx.records) {
    if (e.record.type !== 'TXT' || e.record.content === undefined) continue;
    const owner = registryOwner(txtText(e.record.content));
    if (owner === undefined) continue;
    ctx.sink.error(
      'externaldns.registry-listed',
      [...e.path, 'content'],
      `this TXT record is one of external-dns's registry records (heritage=external-dns, owner ${owner === '' ? '(none)' : owner}), and the file says external-dns shares the zone (manage.external_dns): registry records are external-dns's; remove it from the file`,
    );
  }
};

/** external-dns takes `--txt-prefix` or `--txt-suffix`, never both ("txt-prefix and txt-suffix are mutual exclusive", registry/txt/registry.go). */
export const checkExternalDnsAffixes: Rule = (ctx) => {
  const options = ctx.manage?.external_dns;
  if (options?.prefix === undefined || options.suffix === undefined) return;
  ctx.sink.error(
    'externaldns.affixes',
    ['manage', 'external_dns', 'suffix'],
    'prefix and suffix cannot both be set: external-dns refuses --txt-prefix with --txt-suffix, so its registry records have one or the other',
  );
};
