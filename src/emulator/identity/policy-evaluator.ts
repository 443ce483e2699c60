/**
 * Policy evaluation, in the service's order: (1) explicit deny, (2) explicit allow,
 * (3) implicit deny. A policy matches a need when one of its permission groups grants the
 * permission, the group's scope is the resource's type, and one of its resource keys covers
 * the resource. Token-level conditions (status, not_before, expires_on, client IP) come first.
 */
import type { PermissionNeed, Policy, TokenRow } from '../contract.js';
import { cidrContains } from '../net/ip.js';
import { findPermissionGroup } from './permission-groups.js';
import { keyCovers, parsePolicyResources, scopeOf } from './resources.js';

export type TokenUsability =
  | { kind: 'usable' }
  | { kind: 'disabled' }
  | { kind: 'expired' }
  | { kind: 'not-yet-valid' }
  | { kind: 'ip-refused'; clientIp: string };

export type Decision =
  | { kind: 'allow' }
  | { kind: 'explicit-deny'; policyId: string }
  | { kind: 'implicit-deny' }
  | Exclude<TokenUsability, { kind: 'usable' }>;

/** The status a token shows: `expired` once expires_on has passed, else its stored status. */
export function effectiveStatus(token: TokenRow, now: Date): TokenRow['status'] {
  if (token.status === 'disabled') return 'disabled';
  if (token.status === 'expired') return 'expired';
  if (token.expires_on !== undefined && Date.parse(token.expires_on) <= now.getTime()) return 'expired';
  return 'active';
}

/** Status and validity window only (no IP): what authentication checks. */
export function checkTokenTime(token: TokenRow, now: Date): Exclude<TokenUsability, { kind: 'ip-refused' }> {
  const status = effectiveStatus(token, now);
  if (status === 'disabled') return { kind: 'disabled' };
  if (status === 'expired') return { kind: 'expired' };
  if (token.not_before !== undefined && now.getTime() < Date.parse(token.not_before)) return { kind: 'not-yet-valid' };
  return { kind: 'usable' };
}

/** The client IP condition: inside one `in` range (when any is given) and inside no `not_in` range. */
export function ipAllowed(token: TokenRow, clientIp: string): boolean {
  const cond = token.condition?.request_ip;
  if (!cond) return true;
  if (cond.in && cond.in.length > 0 && !cond.in.some((cidr) => cidrContains(cidr, clientIp))) return false;
  if (cond.not_in?.some((cidr) => cidrContains(cidr, clientIp))) return false;
  return true;
}

export function checkTokenUsable(token: TokenRow, now: Date, clientIp: string): TokenUsability {
  const time = checkTokenTime(token, now);
  if (time.kind !== 'usable') return time;
  if (!ipAllowed(token, clientIp)) return { kind: 'ip-refused', clientIp };
  return { kind: 'usable' };
}

/** Whether one policy applies to a need (ignoring its effect). */
export function policyMatches(policy: Policy, need: PermissionNeed): boolean {
  const scope = scopeOf(need.resource);
  const grants = policy.permission_groups.some((pg) => {
    const group = findPermissionGroup(pg.id);
    return group?.scopes.includes(scope) && group.grants.includes(need.permission);
  });
  if (!grants) return false;
  return parsePolicyResources(policy).some((key) => keyCovers(key, need.resource));
}

/** Evaluate the policies alone: explicit deny, then explicit allow, then implicit deny. */
export function evaluatePolicies(policies: readonly Policy[], need: PermissionNeed): Decision {
  for (const policy of policies) {
    if (policy.effect === 'deny' && policyMatches(policy, need)) return { kind: 'explicit-deny', policyId: policy.id };
  }
  for (const policy of policies) {
    if (policy.effect === 'allow' && policyMatches(policy, need)) return { kind: 'allow' };
  }
  return { kind: 'implicit-deny' };
}

/** Full decision for a token: token-level conditions, then its policies. */
export function evaluateToken(token: TokenRow, need: PermissionNeed, ctx: { now: Date; clientIp: string }): Decision {
  const usable = checkTokenUsable(token, ctx.now, ctx.clientIp);
  if (usable.kind !== 'usable') return usable;
  return evaluatePolicies(token.policies, need);
}
