/**
 * Record tags (`name` or `name:value`): the name, everything before the first colon, at most 32
 * characters; the value, everything after it, at most 100 (the plans index, `dns.record_tags`,
 * https://developers.cloudflare.com/dns/manage-dns-records/reference/record-attributes/). The
 * limits of paid plans; on Free zones a record holds no tag at all, which only the zone's tier
 * says (src/core/tier-limits.ts, checked by plan once the zone is read). Their count (20) and the
 * characters of a name are the schema's (src/core/schema/records.ts). Limits: src/core/service/record-limits.ts.
 */
import { TAG_NAME_MAX, TAG_VALUE_MAX } from '../../service/record-limits.js';
import type { Rule } from './context.js';

export const checkTagLengths: Rule = (ctx) => {
  for (const e of ctx.records) {
    const tags = e.raw.tags;
    if (tags === undefined) continue;
    tags.forEach((tag, i) => {
      if (typeof tag !== 'string') return;
      const colon = tag.indexOf(':');
      const name = colon < 0 ? tag : tag.slice(0, colon);
      const value = colon < 0 ? '' : tag.slice(colon + 1);
      const at = [...e.path, 'tags', i];
      if ([...name].length > TAG_NAME_MAX)
        ctx.sink.error(
          'tag.name-length',
          at,
          `the tag name \`${name.slice(0, 20)}...\` is ${[...name].length} characters long; the service takes at most ${TAG_NAME_MAX}`,
        );
      if ([...value].length > TAG_VALUE_MAX)
        ctx.sink.error(
          'tag.value-length',
          at,
          `the value of tag \`${name}\` is ${[...value].length} characters long; the service takes at most ${TAG_VALUE_MAX}`,
        );
    });
  }
};
