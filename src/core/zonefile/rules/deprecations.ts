/**
 * Deprecation lint (the spec's versioning table), as warnings naming the replacement. The schema
 * accepts these retired fields so that they warn here instead of failing as unknown fields.
 */
import type { Rule } from './context.js';

/** The retired record fields and their registered codes. */
const RETIRED_RECORD_FIELDS = { zone_id: 'deprecated.record-zone-id', zone_name: 'deprecated.record-zone-name' } as const;

export const checkDeprecations: Rule = (ctx) => {
  for (const e of ctx.records) {
    if (e.raw.locked !== undefined) {
      ctx.sink.keyWarning(
        'deprecated.locked',
        [...e.path, 'locked'],
        '`locked` is retired (2024-07-14): always false and ignored by the service; remove it',
      );
    }
    for (const f of ['zone_id', 'zone_name'] as const) {
      if (e.raw[f] !== undefined) {
        ctx.sink.keyWarning(
          RETIRED_RECORD_FIELDS[f],
          [...e.path, f],
          `\`${f}\` on a record is retired (2024-11-30) and ignored by the service; remove it (the zone is the file's \`zone\`)`,
        );
      }
    }
  }
  const s = ctx.settings;
  if (!s) return;
  if (s.cname_flattening !== undefined) {
    const value = s.cname_flattening === 'on';
    const conflict = s.flatten_all_cnames !== undefined && s.flatten_all_cnames !== value;
    if (conflict) {
      ctx.sink.keyError(
        'deprecated.cname-flattening-conflict',
        ['settings', 'cname_flattening'],
        `cname_flattening: ${s.cname_flattening} contradicts flatten_all_cnames: ${String(s.flatten_all_cnames)}; remove cname_flattening`,
      );
    } else {
      ctx.sink.keyWarning(
        'deprecated.cname-flattening',
        ['settings', 'cname_flattening'],
        `\`cname_flattening\` is retired (2025-03-21): write \`flatten_all_cnames: ${String(value)}\` instead`,
      );
    }
  }
  if (s.use_apex_ns !== undefined) {
    if (s.multi_provider !== undefined && s.multi_provider !== s.use_apex_ns) {
      ctx.sink.keyError(
        'deprecated.use-apex-ns-conflict',
        ['settings', 'use_apex_ns'],
        `use_apex_ns: ${String(s.use_apex_ns)} contradicts multi_provider: ${String(s.multi_provider)}; remove use_apex_ns`,
      );
    } else {
      ctx.sink.keyWarning(
        'deprecated.use-apex-ns',
        ['settings', 'use_apex_ns'],
        `\`use_apex_ns\` is retired (2024-09-13): write \`multi_provider: ${String(s.use_apex_ns)}\` instead`,
      );
    }
  }
  if (s.default_nameservers !== undefined) {
    ctx.sink.keyWarning(
      'deprecated.default-nameservers',
      ['settings', 'default_nameservers'],
      `\`default_nameservers\` is retired (2025-03-14): write \`nameservers: { type: ${s.default_nameservers} }\` (zone_defaults.nameservers.type) instead`,
    );
  }
  if (s.use_account_custom_ns_by_default !== undefined) {
    ctx.sink.keyWarning(
      'deprecated.use-account-custom-ns',
      ['settings', 'use_account_custom_ns_by_default'],
      '`use_account_custom_ns_by_default` is retired (2025-03-14): write `nameservers: { type: custom.account }` (zone_defaults.nameservers.type) instead',
    );
  }
};
