/**
 * The zonectl.yaml an import writes beside its zone files: one account per credential of the old
 * tool, naming the variables that hold it (README, "Many zones: several accounts and credentials");
 * never a credential's value. Pure.
 */
import { Document } from 'yaml';

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
