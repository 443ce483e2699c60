/**
 * The zonectl.yaml an import writes beside its zone files: one account per credential of the old
 * tool, naming the variables that hold it (README, "Many zones: several accounts and credentials");
 * never a credential's value. Pure.
 */
import { Document, isMap, parseDocument } from 'yaml';

export interface AccountOut {
  readonly name: string;
  readonly account_id?: string;
  readonly credentials: { readonly token_env: string } | { readonly email_env: string; readonly key_env: string };
}

export function renderAccountsYaml(accounts: readonly AccountOut[], origin: string): string {
  const body = {
    version: 1,
    accounts: Object.fromEntries(
      accounts.map((a) => [
        a.name,
        { ...(a.account_id !== undefined ? { account_id: a.account_id } : {}), credentials: { ...a.credentials } },
      ]),
    ),
  };
  const doc = new Document(body);
  doc.commentBefore = ` ${origin}\n The credentials are the names of the variables the old tool read; set them where zonectl runs.`;
  return doc.toString({ lineWidth: 0 });
}

function accountBody(a: AccountOut): Record<string, unknown> {
  return { ...(a.account_id !== undefined ? { account_id: a.account_id } : {}), credentials: { ...a.credentials } };
}

/**
 * An existing zonectl.yaml with the import's accounts added under `accounts:` (`text` undefined:
 * it names them all already, the same way). An account of the same name with other settings is
 * refused, never overwritten: the team's file says something else.
 */
export function addAccounts(text: string, accounts: readonly AccountOut[]): { ok: true; text?: string } | { ok: false; message: string } {
  const doc = parseDocument(text);
  if (doc.errors.length > 0)
    return { ok: false, message: `not YAML zonectl can add accounts to (${doc.errors[0]!.message.split('\n')[0]})` };
  const existing = doc.getIn(['accounts']);
  const current = isMap(existing) ? (existing.toJSON() as Record<string, unknown>) : {};
  const missing: AccountOut[] = [];
  for (const a of accounts) {
    const there = current[a.name];
    if (there === undefined) missing.push(a);
    else if (JSON.stringify(there) !== JSON.stringify(accountBody(a)))
      return {
        ok: false,
        message: `already names account ${a.name} otherwise (${JSON.stringify(there)}; the import reads ${JSON.stringify(accountBody(a))}): rename one of them`,
      };
  }
  if (missing.length === 0) return { ok: true };
  for (const a of missing) doc.setIn(['accounts', a.name], doc.createNode(accountBody(a)));
  return { ok: true, text: doc.toString({ lineWidth: 0 }) };
}
