/**
 * The zone file's `dnssec` section: what the zone's DNSSEC should be. Omitted, DNSSEC is
 * unmanaged (never planned, never drift; its state and DS are still shown). Present, `status`
 * is required and each flag is managed only when the file sets it (as DNS settings are).
 *
 * The names are the service's without its `dnssec_` prefix: `status` active|disabled,
 * `dnssec_multi_signer`, `dnssec_use_nsec3`, `dnssec_presigned` (the Edit DNSSEC Status body,
 * https://developers.cloudflare.com/api/resources/dns/subresources/dnssec/methods/edit/). The
 * states the service reports beside these (`pending`, `pending-disabled`, `error`) are not
 * asked for: they follow from the registrar (https://developers.cloudflare.com/dns/dnssec/dnssec-states/).
 * Pure.
 */

export type DesiredDnssecStatus = 'active' | 'disabled';

/** The three switches of the section, as the file names them. */
export const DNSSEC_FLAGS = ['multi_signer', 'use_nsec3', 'presigned'] as const;
export type DnssecFlag = (typeof DNSSEC_FLAGS)[number];

/** The API's field of each switch (GET and PATCH /zones/{zone_id}/dnssec). */
export const API_FIELD_OF_FLAG: Readonly<Record<DnssecFlag, string>> = {
  multi_signer: 'dnssec_multi_signer',
  use_nsec3: 'dnssec_use_nsec3',
  presigned: 'dnssec_presigned',
};

export interface DesiredDnssec {
  readonly status: DesiredDnssecStatus;
  /** `undefined`: not managed (the live value stays whatever it is). */
  readonly multi_signer?: boolean;
  readonly use_nsec3?: boolean;
  readonly presigned?: boolean;
}

const API_REF = 'https://developers.cloudflare.com/api/resources/dns/subresources/dnssec/methods/edit/';

/** The section's JSON Schema (2020-12), for `schemas/zone.schema.json` under `properties.dnssec`. */
export const DNSSEC_SECTION_SCHEMA = {
  type: 'object',
  description:
    'DNSSEC of the zone (GET/PATCH /zones/{zone_id}/dnssec). Omit the section to leave DNSSEC unmanaged. ' +
    'After enabling, add the DS record that plan and apply print at your registrar: the service reports ' +
    '`pending` until it is there.',
  required: ['status'],
  additionalProperties: false,
  properties: {
    status: {
      enum: ['active', 'disabled'],
      description:
        'active: sign the zone (the service reports pending until the DS is at the registrar). disabled: stop signing; ' +
        'remove the DS at the registrar first (pending-disabled until it is gone). The keys are kept (no DELETE).',
    },
    multi_signer: {
      type: 'boolean',
      description: `dnssec_multi_signer: several providers sign the zone (RFC 8901); required for DNSKEY records in the file (${API_REF}).`,
    },
    use_nsec3: { type: 'boolean', description: `dnssec_use_nsec3: deny existence with NSEC3 instead of compact NSEC (${API_REF}).` },
    presigned: {
      type: 'boolean',
      description: `dnssec_presigned: serve the signatures transferred in from a primary (secondary zones only; ${API_REF}).`,
    },
  },
} as const;

/** One problem of the section, at a path below `dnssec` (`dnssec.status`). */
export interface SectionProblem {
  readonly path: string;
  readonly message: string;
}

export type SectionRead =
  | { readonly kind: 'ok'; readonly desired: DesiredDnssec }
  | { readonly kind: 'invalid'; readonly problems: readonly SectionProblem[] };

/** What a key the section does not know probably meant. */
const HINTS: Readonly<Record<string, string>> = {
  dnssec_multi_signer: 'multi_signer',
  dnssec_use_nsec3: 'use_nsec3',
  dnssec_presigned: 'presigned',
  nsec3: 'use_nsec3',
  enabled: 'status: active',
};

function statusProblem(value: unknown): string | undefined {
  if (value === 'active' || value === 'disabled') return undefined;
  if (value === undefined) return 'status is required: active or disabled';
  if (value === 'pending' || value === 'pending-disabled' || value === 'error') {
    return `${value} is a state the service reports, not one to ask for: write ${value === 'pending-disabled' ? 'disabled' : 'active'}`;
  }
  if (value === true || value === 'enabled' || value === 'on') return 'status is active or disabled (write active)';
  if (value === false || value === 'off') return 'status is active or disabled (write disabled)';
  return `status must be active or disabled, not ${JSON.stringify(value)}`;
}

/**
 * The section as written (after the schema, or on its own: every problem is found here too, so
 * that a caller without the schema cannot pass a bad section on).
 */
export function readDnssecSection(value: unknown): SectionRead {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { kind: 'invalid', problems: [{ path: 'dnssec', message: 'dnssec must be a mapping, e.g. { status: active }' }] };
  }
  const section = value as Record<string, unknown>;
  const problems: SectionProblem[] = [];
  const status = statusProblem(section.status);
  if (status !== undefined) problems.push({ path: 'dnssec.status', message: status });
  const desired: { status: DesiredDnssecStatus } & { -readonly [F in DnssecFlag]?: boolean } = {
    status: section.status === 'disabled' ? 'disabled' : 'active',
  };
  for (const flag of DNSSEC_FLAGS) {
    const v = section[flag];
    if (v === undefined) continue;
    if (typeof v !== 'boolean')
      problems.push({ path: `dnssec.${flag}`, message: `${flag} must be true or false, not ${JSON.stringify(v)}` });
    else desired[flag] = v;
  }
  for (const key of Object.keys(section)) {
    if (key === 'status' || (DNSSEC_FLAGS as readonly string[]).includes(key)) continue;
    const hint = HINTS[key];
    problems.push({
      path: `dnssec.${key}`,
      message: `unknown field ${JSON.stringify(key)}${hint !== undefined ? `; did you mean ${hint}?` : ''} (known: status, ${DNSSEC_FLAGS.join(', ')})`,
    });
  }
  return problems.length > 0 ? { kind: 'invalid', problems } : { kind: 'ok', desired };
}
