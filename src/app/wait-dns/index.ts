/** `wait-dns`: until the zone's nameservers serve a change (issue 31, item 3). The CLI reaches this folder here only. */
export { nothingToWaitFor, runWaitDns, type WaitDnsDeps, type WaitDnsRequest } from './session.js';
export type { CheckRef, NotServed, PendingCheck, SkippedCheck, WaitDnsEvent, WaitDnsOutput, WaitDnsResult } from './output.js';
export { parseNameserver, systemLookup, type HostLookup, type NameserverSpec } from './nameservers.js';
export { zoneChecks, type ZoneChecks } from './zone-checks.js';
export { type WaitDnsFlags, waitDnsFlags } from './flags.js';
export { runWaitDnsFiles, type WaitDnsFilesEvent, type WaitDnsFilesRequest, type WaitDnsFilesResult } from './file-session.js';
export { notServedError } from './not-served.js';
