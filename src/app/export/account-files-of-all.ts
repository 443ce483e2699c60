/**
 * `export --all --out DIR` (YAML): besides a file per zone, the account file of each account the
 * zones belong to, when the account has something to say: internal DNS views, `zone_defaults`
 * that differ from the service's defaults, or `enforce_dns_only` on (export-account-file.ts).
 * It is named `account.<account_id>.yaml` in DIR (one per account; two labels of LDH, so the
 * same checks as a zone's file name: directly in DIR, never through a symlink, export-paths.ts),
 * read with the credential that read the account's zones, and planned against the account
 * before any file of the export is written. An account the service will not answer for (a 4xx:
 * the token lacks the account's DNS settings permission, or the account has no such settings)
 * gets no account file and a warning; any other failure stops the export before anything is
 * written.
 */
import { type ApiZone, CloudflareApiError, type CloudflareClient } from '../../api/index.js';
import { ZonectlError } from '../../core/errors.js';
import { hasAccountSettings } from '../../core/export/export-account.js';
import { type SessionOutput, warning } from '../session/index.js';
import { checkPlansClean, describeAccountFile, newAccountFile, readLiveAccount } from './export-account-file.js';
import type { ExportEvent } from './export-event.js';
import { exportFileIn, UnsafeExportPathError } from './export-paths.js';

type Env = Readonly<Record<string, string | undefined>>;

/** A zone of `--all` and the client that read it. */
export interface ZoneSource {
  readonly zone: ApiZone;
  readonly client: CloudflareClient;
}

/** An account file to write once the zones are written. */
export interface AccountFileOut {
  readonly path: string;
  readonly text: string;
  /** The note told once it is written. */
  readonly written: string;
  /** Warnings told with it (what the account holds that the file does not say). */
  readonly leftOut: readonly string[];
}

/** The account file's name in DIR: `account.<account_id>.yaml`. */
export const accountFileName = (accountId: string): string => `account.${accountId}`;

/** Each account of the zones, once, with the client of its first zone. */
function accountsOf(zones: readonly ZoneSource[]): Map<string, CloudflareClient> {
  const out = new Map<string, CloudflareClient>();
  for (const z of zones) {
    const id = z.zone.account?.id?.toLowerCase();
    if (id !== undefined && /^[0-9a-f]{32}$/.test(id) && !out.has(id)) out.set(id, z.client);
  }
  return out;
}

/**
 * The account files of `--all`, read, checked and made before any file is written (`zoneFiles`:
 * the zones' files, which an account file may not take the place of).
 */
export async function accountFilesOfAll(
  args: {
    readonly dir: string;
    readonly zones: readonly ZoneSource[];
    readonly zoneFiles: readonly string[];
    readonly refuseOverwrite: (path: string) => void;
    readonly version: string;
    readonly config?: string | undefined;
    readonly env: Env;
  },
  output: SessionOutput<ExportEvent>,
): Promise<AccountFileOut[]> {
  const out: AccountFileOut[] = [];
  for (const [accountId, client] of accountsOf(args.zones)) {
    let live: Awaited<ReturnType<typeof readLiveAccount>>;
    try {
      live = await readLiveAccount(client, accountId);
    } catch (error) {
      if (!(error instanceof CloudflareApiError) || error.status < 400 || error.status >= 500) throw error;
      output.emit(warning(`account ${accountId}: no account file written: ${error.message}`));
      continue;
    }
    const made = newAccountFile(live, args.version);
    if (!hasAccountSettings(made.settings) && live.views.length === 0) continue;
    const path = exportFileIn(args.dir, accountFileName(accountId), 'yaml');
    if (args.zoneFiles.includes(path))
      throw new UnsafeExportPathError(`${path} would be both a zone's file and account ${accountId}'s account file; nothing was written`);
    args.refuseOverwrite(path);
    try {
      await checkPlansClean(path, made.text, args.env, args.config, client);
    } catch (error) {
      if (error instanceof ZonectlError) throw new ZonectlError(error.code, `account ${accountId}: ${error.message}`);
      throw error;
    }
    out.push({
      path,
      text: made.text,
      written: `account ${accountId}: ${describeAccountFile(made)} written to ${path}`,
      leftOut: made.leftOut,
    });
  }
  return out;
}
