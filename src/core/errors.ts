/**
 * Every error zonectl raises is a ZonectlError with a `code` from this closed list. The fatal
 * reporter prints `zonectl: error[CODE]: message` (docs/architecture.md, "Errors"); CI logs and
 * tools grep these codes, so a code is never renamed, only added.
 */
export type ErrorCode =
  // zone files and saved plans
  | 'INVALID_ZONE_FILE'
  | 'PLAN_FILE_INVALID'
  | 'PLAN_FILE_VERSION'
  | 'PLAN_FILE_UNREADABLE'
  | 'PLAN_FILE_OTHER_API'
  | 'PLAN_FILE_DIGEST'
  | 'PLAN_FILE_MISMATCH'
  | 'STALE_PLAN'
  // plan --out that saved no plan (a zone not planned, files outside the repository, ...)
  | 'PLAN_NOT_SAVED'
  // planning
  | 'CNAME_CYCLE'
  | 'ORDER_CYCLE'
  | 'PROXIED_CHAIN'
  | 'ZONE_PLAN_LIMIT'
  | 'RECORD_QUOTA'
  | 'TOKEN_PLAN'
  | 'UNSAFE_PLAN'
  | 'UNKNOWN_RECORD_TYPE'
  | 'ZONE_LOOKUP'
  | 'ZONE_MISMATCH'
  | 'LIVE_RECORD'
  // sharing a zone: the file lists a record the live zone says is another writer's (external-dns's registry)
  | 'OWNERSHIP_CONFLICT'
  // the API
  | 'API_ERROR'
  | 'API_BAD_RESPONSE'
  | 'API_NETWORK'
  | 'API_BAD_ID'
  | 'API_TIMEOUT'
  | 'API_TOO_LARGE'
  | 'CREDENTIALS'
  | 'OUTCOME_UNKNOWN'
  | 'PARTIALLY_UNKNOWN'
  | 'EXECUTE_FAILED'
  | 'PACK_ERROR'
  | 'NOT_CONVERGED'
  // the command line
  | 'BAD_ARGS'
  | 'BAD_FLAG'
  | 'BAD_BASE_URL'
  | 'NO_CONFIRMATION'
  | 'TOKEN_OUTPUT'
  | 'TOKEN_OUTPUT_NEEDED'
  | 'TOKEN_OUTPUT_UNWRITABLE'
  | 'TOKEN_ROLL'
  | 'OUTPUT_EXISTS'
  | 'OUTPUT_UNWRITABLE'
  | 'UNSAFE_EXPORT_PATH'
  | 'READ_FAILED'
  // import --from octodns|terraform|dnscontrol: a file of the wrong kind, that does not parse, or that holds what cannot be read
  | 'IMPORT_INVALID'
  // concurrent applies
  | 'ZONE_LOCKED'
  | 'ZONE_LOCK_CONFLICT'
  // a run stopped by SIGINT/SIGTERM
  | 'INTERRUPTED'
  // the credential lacks a permission the plan needs
  | 'MISSING_PERMISSION'
  // the emulator's --state is open in another emulator
  | 'STATE_LOCKED'
  // drift --baseline names a file that is no drift report
  | 'BASELINE_INVALID'
  // init --ci: the repository holds what no CI file can be written for (a Global API Key account, no vendored tarball, a path no workflow can name)
  | 'CI_INIT'
  // codeowners: no teams to print (no zonectl.yaml, no owners:), or a file CODEOWNERS cannot name
  | 'CODEOWNERS'
  // DNSSEC: an operation the zone's DNSSEC state does not allow (a DELETE before disabled)
  | 'DNSSEC_STATE'
  // wait-dns: a DNS query that got no usable answer; the nameservers did not serve the change in time
  | 'DNS_QUERY'
  | 'DNS_NOT_SERVED'
  // wait-dns: a nameserver's name does not resolve, or it refuses / has no route (said before the deadline)
  | 'NAMESERVER_UNREACHABLE'
  // export --into (and later import, drift --adopt): an edit of a zone file the editor cannot make losslessly
  | 'EDIT_REFUSED'
  // an account file's DNS view the service would refuse, found once the account's zones are read (a public zone by id, two zones of one name)
  | 'DNS_VIEW'
  // a bug in zonectl (an impossible case was reached)
  | 'INTERNAL';

/** Base class for zonectl's own errors: a `code` a caller can switch on, and an optional cause. */
export class ZonectlError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.name = new.target.name;
  }
}

/** An impossible case was reached: a bug in zonectl, not a problem of the input. */
export class InternalError extends ZonectlError {
  constructor(message: string) {
    super('INTERNAL', message);
  }
}

/** Exhaustiveness check for `switch` over tagged unions. */
export function assertNever(value: never, what = 'value'): never {
  throw new InternalError(`unexpected ${what}: ${JSON.stringify(value)}`);
}
