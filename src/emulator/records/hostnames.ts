/**
 * Host name checks of the service, for record names and for targets.
 * Record names of every type: labels of 1..63 characters among letters, digits, `-`, `_` and
 * `*`, 253 in all; any other character (`|`, `!`, `"`, a space, ...) is refused with 9000
 * "DNS name is invalid." (the code and message recorded in caddyserver/caddy issue #6887).
 * A `*` that is the whole first label makes a wildcard; a `*` anywhere else (`x.*.y`, `**`,
 * `a*b`) is stored as a literal asterisk, not a wildcard
 * (https://developers.cloudflare.com/dns/manage-dns-records/reference/wildcard-dns-records/).
 * A, AAAA and CNAME names also follow host name rules (service spec, "Name rules"): no label
 * starts or ends with a hyphen.
 */

export interface HostnameOptions {
  /** "." (the root) is accepted (MX null target, SRV/HTTPS "."). */
  allowRoot?: boolean;
  /** `*` is accepted in labels (record names). */
  allowAsterisk?: boolean;
  /** Host name rules of A, AAAA and CNAME names. */
  hostRules?: boolean;
}

/** The problem with a host name in stored form, or undefined when it is valid. */
export function hostnameProblem(host: string, opts: HostnameOptions = {}): string | undefined {
  if (host === '.') return opts.allowRoot ? undefined : 'the root "." is not allowed here';
  if (host === '') return 'it is empty';
  if (host.length > 253) return 'it is longer than 253 characters';
  const labelChars = opts.allowAsterisk ? /^[a-z0-9_*-]+$/ : /^[a-z0-9_-]+$/;
  for (const label of host.split('.')) {
    if (label === '') return 'it has an empty label';
    if (label.length > 63) return `label "${label}" is longer than 63 characters`;
    if (!labelChars.test(label)) {
      return `label "${label}" may contain only letters, digits, hyphens and underscores${opts.allowAsterisk ? ' (and *)' : ''}`;
    }
    if (opts.hostRules && (label.startsWith('-') || label.endsWith('-'))) return `label "${label}" starts or ends with a hyphen`;
  }
  return undefined;
}
