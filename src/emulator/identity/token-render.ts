/** Token rows as the API shows them. The secret is never part of a row, so never rendered here. */
import type { Policy, TokenRow } from '../contract.js';
import { effectiveStatus } from './policy-evaluator.js';

export interface RenderedToken {
  id: string;
  name: string;
  status: TokenRow['status'];
  issued_on: string;
  modified_on: string;
  last_used_on: string | null;
  not_before?: string;
  expires_on?: string;
  policies: Policy[];
  condition?: { 'request.ip'?: { in?: string[]; not_in?: string[] } };
}

export function renderToken(row: TokenRow, now: Date): RenderedToken {
  const out: RenderedToken = {
    id: row.id,
    name: row.name,
    status: effectiveStatus(row, now),
    issued_on: row.issued_on,
    modified_on: row.modified_on,
    last_used_on: row.last_used_on ?? null,
    policies: row.policies.map((p) => ({
      id: p.id,
      effect: p.effect,
      resources: structuredClone(p.resources),
      permission_groups: p.permission_groups.map((g) => ({ ...g })),
    })),
  };
  if (row.not_before !== undefined) out.not_before = row.not_before;
  if (row.expires_on !== undefined) out.expires_on = row.expires_on;
  if (row.condition !== undefined) {
    const ip = row.condition.request_ip;
    out.condition = ip ? { 'request.ip': structuredClone(ip) } : {};
  }
  return out;
}

/** `YYYY-MM-DDThh:mm:ssZ`, the form the token endpoints use. */
export function tokenTimestamp(now: Date): string {
  return `${now.toISOString().slice(0, 19)}Z`;
}
