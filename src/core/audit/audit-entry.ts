/**
 * One entry of the account's audit log (Audit Logs v2, its fields: src/core/service/audit-log.ts)
 * read as untrusted input: only strings of bounded length are kept, every field may be missing,
 * and an entry without an id or a time is dropped. Names from the entry are data to show, escaped
 * by each renderer like every other value from the API. Pure.
 */
import { interfaceOf } from '../service/audit-log.js';

/** Longest text kept of one field (an email, a token name, a URI). */
const MAX_FIELD = 300;

export interface AuditEntry {
  readonly id: string;
  /** `action.time` (RFC 3339). */
  readonly time: string;
  /** `action.type`: create, update, delete, ... */
  readonly action: string;
  /** `action.result`: success or failure. */
  readonly result?: string;
  readonly actorEmail?: string;
  readonly actorId?: string;
  readonly actorType?: string;
  /** `actor.context`: api, api_token, dash, ... */
  readonly actorContext?: string;
  readonly tokenName?: string;
  readonly resourceId?: string;
  readonly resourceType?: string;
  readonly zoneId?: string;
  readonly method?: string;
  readonly uri?: string;
  /** The record's name and type, when the request or the response of the entry says them. */
  readonly recordName?: string;
  readonly recordType?: string;
  /** The fields the request body set (a settings PATCH names the settings it changed). */
  readonly requestKeys?: readonly string[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function text(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v.slice(0, MAX_FIELD) : undefined;
}

function member(o: unknown, key: string): unknown {
  return isObject(o) ? o[key] : undefined;
}

/** A record name as zonectl compares names: lower case, no trailing dot. */
function recordName(v: unknown): string | undefined {
  const name = text(v);
  return name === undefined ? undefined : name.toLowerCase().replace(/\.$/, '');
}

/** One entry of the list's `result`; undefined when it has no id or no time. */
export function decodeAuditEntry(raw: unknown): AuditEntry | undefined {
  const action = member(raw, 'action');
  const id = text(member(raw, 'id'));
  const time = text(member(action, 'time'));
  if (id === undefined || time === undefined || Number.isNaN(Date.parse(time))) return undefined;
  const actor = member(raw, 'actor');
  const resource = member(raw, 'resource');
  const raw_ = member(raw, 'raw');
  const request = member(resource, 'request');
  const response = member(resource, 'response');
  const fields: Array<[keyof AuditEntry, string | undefined]> = [
    ['result', text(member(action, 'result'))],
    ['actorEmail', text(member(actor, 'email'))],
    ['actorId', text(member(actor, 'id'))],
    ['actorType', text(member(actor, 'type'))],
    ['actorContext', text(member(actor, 'context'))],
    ['tokenName', text(member(actor, 'token_name'))],
    ['resourceId', text(member(resource, 'id'))],
    ['resourceType', text(member(resource, 'type'))],
    ['zoneId', text(member(member(raw, 'zone'), 'id'))],
    ['method', text(member(raw_, 'method'))?.toUpperCase()],
    ['uri', text(member(raw_, 'uri'))],
    ['recordName', recordName(member(request, 'name')) ?? recordName(member(response, 'name'))],
    ['recordType', (text(member(request, 'type')) ?? text(member(response, 'type')))?.toUpperCase()],
  ];
  const keys = isObject(request)
    ? Object.keys(request)
        .slice(0, 50)
        .map((k) => k.slice(0, MAX_FIELD))
    : undefined;
  return {
    id,
    time,
    action: text(member(action, 'type')) ?? 'unknown',
    ...Object.fromEntries(fields.filter(([, v]) => v !== undefined)),
    ...(keys !== undefined && keys.length > 0 ? { requestKeys: keys } : {}),
  } as AuditEntry;
}

/** Who made a change, as the reports show it. */
export interface Who {
  /** The actor's email, else the token's name, else the actor's id, else its type. */
  readonly actor: string;
  readonly actorType?: string;
  /** `dashboard` or `API`, from the actor's context. */
  readonly interface?: 'dashboard' | 'API';
  /** The raw context (`api_token`, `dash`, ...). */
  readonly context?: string;
  readonly tokenName?: string;
  /** When it was logged. */
  readonly time: string;
  /** create, update or delete. */
  readonly action: string;
  /** The audit log entry's id. */
  readonly logId: string;
}

export function whoOf(e: AuditEntry): Who {
  const via = interfaceOf(e.actorContext);
  return {
    actor: e.actorEmail ?? e.tokenName ?? e.actorId ?? e.actorType ?? 'unknown',
    ...(e.actorType !== undefined ? { actorType: e.actorType } : {}),
    ...(via !== undefined ? { interface: via } : {}),
    ...(e.actorContext !== undefined ? { context: e.actorContext } : {}),
    ...(e.tokenName !== undefined ? { tokenName: e.tokenName } : {}),
    time: e.time,
    action: e.action,
    logId: e.id,
  };
}

/** `alice@example.com in the dashboard, 2026-05-01T10:00:00Z (update)`; `bob@… via the API (token "ci"), …`. */
export function describeWho(w: Who): string {
  const where =
    w.interface === 'dashboard'
      ? ' in the dashboard'
      : w.interface === 'API'
        ? ` via the API${w.tokenName !== undefined ? ` (token ${JSON.stringify(w.tokenName)})` : ''}`
        : w.context !== undefined
          ? ` (${w.context})`
          : '';
  return `${w.actor}${where}, ${w.time} (${w.action})`;
}
