/**
 * The canonical form of a token's policies, shared by the token diff (is the live token what
 * the file wants?) and by the recovery of a lost token create (is this token the one we sent?),
 * so that the two can never disagree.
 */

/** A policy in comparable form: effect, resources with sorted keys, sorted permission group ids. */
export interface CanonicalPolicy {
  readonly effect: string;
  readonly resources: unknown;
  readonly permission_groups: readonly string[];
}

function sortObject(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, sortObject((value as Record<string, unknown>)[k])]),
  );
}

/**
 * Policies as the service returns them (or as zonectl sends them) in canonical form, sorted.
 * Accepts anything (answers of the API are read defensively): a non-list is no policy.
 */
export function canonicalPolicies(policies: unknown): CanonicalPolicy[] {
  if (!Array.isArray(policies)) return [];
  return policies
    .map((p: unknown) => {
      const policy = (p ?? {}) as { effect?: unknown; resources?: unknown; permission_groups?: unknown };
      const groups = Array.isArray(policy.permission_groups)
        ? policy.permission_groups.map((g: unknown) => String((g as { id?: unknown } | null)?.id ?? '')).sort()
        : [];
      return {
        effect: typeof policy.effect === 'string' ? policy.effect : 'allow',
        resources: sortObject(policy.resources ?? {}),
        permission_groups: groups,
      };
    })
    .sort((a, b) => {
      const ka = JSON.stringify(a);
      const kb = JSON.stringify(b);
      return ka < kb ? -1 : ka > kb ? 1 : 0;
    });
}
