/**
 * The zonectl.yaml an import writes at the repository root: one account per credential of the old
 * tool, naming the variables that hold it (README, "Many zones: several accounts and credentials";
 * never a credential's value), and the old tool's safety limits zonectl keeps as the repository's
 * `policy:` (issue 40 item 3: octoDNS's `min_ttl`), each with a comment naming where the old tool
 * said it. An existing zonectl.yaml gains what it lacks. Pure.
 */
// Read only (what the file says already); every write goes through the editor.
import { isMap, parseDocument } from 'yaml';
import { editYaml, type NewNodeLayout, writeNewYaml, type YamlEdit } from '../yaml-edit/index.js';

/** A limit of `policy:`, with the comment naming its source (`octoDNS provider cloudflare: min_ttl 120 (config/production.yaml:19)`). */
export interface PolicyOut {
  readonly minTtl: number;
  readonly comment: string;
}

export interface AccountOut {
  readonly name: string;
  readonly account_id?: string;
  readonly credentials: { readonly token_env: string } | { readonly email_env: string; readonly key_env: string };
  /** The account's own policy (when the old tool's limits differ between its credentials). */
  readonly policy?: PolicyOut;
}

/** What an import puts in zonectl.yaml. */
export interface RepoConfigOut {
  readonly accounts: readonly AccountOut[];
  /** The repository's policy (every zone). */
  readonly policy?: PolicyOut;
}

/** True when the import needs a zonectl.yaml at all. */
export function needsRepoConfig(c: RepoConfigOut): boolean {
  return c.accounts.length > 0 || c.policy !== undefined || c.accounts.some((a) => a.policy !== undefined);
}

function accountBody(a: AccountOut): Record<string, unknown> {
  return {
    ...(a.account_id !== undefined ? { account_id: a.account_id } : {}),
    credentials: { ...a.credentials },
    ...(a.policy !== undefined ? { policy: { min_ttl: a.policy.minTtl } } : {}),
  };
}

export function renderRepoConfigYaml(c: RepoConfigOut, origin: string): string {
  const body = {
    version: 1,
    ...(c.policy !== undefined ? { policy: { min_ttl: c.policy.minTtl } } : {}),
    ...(c.accounts.length > 0 ? { accounts: Object.fromEntries(c.accounts.map((a) => [a.name, accountBody(a)])) } : {}),
  };
  // The comment above each `min_ttl`, naming where the old tool said it.
  const nodes: NewNodeLayout[] = [];
  if (c.policy !== undefined) nodes.push({ path: ['policy', 'min_ttl'], keyCommentBefore: ` ${c.policy.comment}` });
  for (const a of c.accounts)
    if (a.policy !== undefined) nodes.push({ path: ['accounts', a.name, 'policy', 'min_ttl'], keyCommentBefore: ` ${a.policy.comment}` });
  return writeNewYaml(body, {
    commentBefore: ` ${origin}${c.accounts.length > 0 ? '\n The credentials are the names of the variables the old tool read; set them where zonectl runs.' : ''}`,
    nodes,
  });
}

/**
 * An existing zonectl.yaml with what the import needs added, through the editor (src/core/yaml-edit:
 * the team's comments, order and quoting stay): the accounts it lacks under `accounts:`, the
 * policy when it has none (`text` undefined: it says it all already). An account of the same name
 * with other settings, or another `policy.min_ttl`, is refused, never overwritten: the team's file
 * says something else.
 */
export function addToRepoConfig(text: string, c: RepoConfigOut): { ok: true; text?: string } | { ok: false; message: string } {
  const doc = parseDocument(text);
  if (doc.errors.length > 0) return { ok: false, message: `not YAML zonectl can add to (${doc.errors[0]!.message.split('\n')[0]})` };
  const existing = doc.getIn(['accounts']);
  const current = isMap(existing) ? (existing.toJSON() as Record<string, unknown>) : {};
  const missing: AccountOut[] = [];
  for (const a of c.accounts) {
    const there = current[a.name];
    if (there === undefined) missing.push(a);
    else if (JSON.stringify(there) !== JSON.stringify(accountBody(a)))
      return {
        ok: false,
        message: `already names account ${a.name} otherwise (${JSON.stringify(there)}; the import reads ${JSON.stringify(accountBody(a))}): rename one of them`,
      };
  }
  const minTtl = doc.getIn(['policy', 'min_ttl']);
  if (c.policy !== undefined && minTtl !== undefined && minTtl !== c.policy.minTtl)
    return {
      ok: false,
      message: `already says policy.min_ttl ${String(minTtl)}; the import keeps ${c.policy.minTtl} (${c.policy.comment})`,
    };
  const edits: YamlEdit[] = [];
  if (c.policy !== undefined && minTtl === undefined)
    edits.push({ kind: 'set', path: ['policy', 'min_ttl'], value: c.policy.minTtl, comments: [c.policy.comment], order: CONFIG_ORDER });
  for (const a of missing) {
    const { policy: _, ...body } = accountBody(a);
    edits.push({ kind: 'set', path: ['accounts', a.name], value: body, order: CONFIG_ORDER });
    // The account's own limit, with the comment naming where the old tool said it.
    if (a.policy !== undefined)
      edits.push({ kind: 'set', path: ['accounts', a.name, 'policy', 'min_ttl'], value: a.policy.minTtl, comments: [a.policy.comment] });
  }
  if (edits.length === 0) return { ok: true };
  const edited = editYaml(text, edits);
  if (!edited.ok)
    return { ok: false, message: `${edited.refusal.message}${edited.refusal.line !== undefined ? ` (line ${edited.refusal.line})` : ''}` };
  return { ok: true, text: edited.text };
}

/** Where new keys go in zonectl.yaml: as an import writes it. */
const CONFIG_ORDER = ['version', 'lint', 'policy', 'min_ttl', 'owners', 'accounts'];
