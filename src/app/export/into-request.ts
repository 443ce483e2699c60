/**
 * What `export --into FILE` is given: a zone file to refresh (./into-session.ts) or an account
 * file whose DNS settings and views are refreshed (./export-account-file.ts).
 */
type Env = Readonly<Record<string, string | undefined>>;

export interface ExportIntoRequest {
  /** The zone file to refresh. */
  readonly file: string;
  /** `--zone NAME`: must be the file's zone when given. */
  readonly zone?: string | undefined;
  /** Show the diff; write nothing. */
  readonly dryRun: boolean;
  readonly baseUrl?: string | undefined;
  readonly config?: string | undefined;
  readonly env?: Env;
}
