/** `IdentityHooks.authorize`: the policy decision turned into the service's refusals. */
import type { PermissionNeed, Principal, Store } from '../contract.js';
import { assertNever } from '../assert-never.js';
import { tokenUnusable } from './authenticate.js';
import { authenticationError, ipRefused, unauthorizedTokenAccess } from './errors.js';
import { evaluateToken, type Decision } from './policy-evaluator.js';

export function decide(principal: Principal, need: PermissionNeed, ctx: { now: Date; clientIp: string }): Decision {
  if (principal.kind === 'key') {
    // A key-pair caller holds every permission of its user: its own user resource, and (the
    // emulator has one user owning every account) every account and zone.
    if (need.resource.kind === 'user' && need.resource.userId !== principal.user.id) return { kind: 'implicit-deny' };
    return { kind: 'allow' };
  }
  return evaluateToken(principal.token, need, ctx);
}

export function authorize(principal: Principal, need: PermissionNeed, ctx: { store: Store; now: Date; clientIp: string }): void {
  const decision = decide(principal, need, ctx);
  switch (decision.kind) {
    case 'allow':
      return;
    case 'disabled':
    case 'expired':
    case 'not-yet-valid':
      if (principal.kind === 'token') throw tokenUnusable(decision, principal.token);
      throw authenticationError();
    case 'ip-refused':
      throw ipRefused(decision.clientIp);
    case 'explicit-deny':
    case 'implicit-deny':
      throw need.permission.startsWith('com.cloudflare.api.token.') ? unauthorizedTokenAccess() : authenticationError();
    default:
      assertNever(decision, 'decision');
  }
}

export function can(principal: Principal, need: PermissionNeed, ctx: { now: Date; clientIp: string }): boolean {
  return decide(principal, need, ctx).kind === 'allow';
}
