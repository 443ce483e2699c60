/** Zone files, account files, fragments and zonectl.yaml: read, checked by the service's rules, turned into configs. */
export type {
  DesiredRecord,
  DesiredSettings,
  FragmentSummary,
  IgnoreRule,
  LintIgnoreEntry,
  ManageConfig,
  TokenPolicySpec,
  TokenSpec,
  ZoneConfig,
} from './types.js';
export type { IncludeRead, IncludeReader } from './fragments.js';
export { FRAGMENT_ZONE, parseZoneFile } from './parse-zone-file.js';
export {
  credentialVariableNames,
  isCiPlatformVariable,
  isAccountName,
  parseRepoConfig,
  REPO_CONFIG_FILE,
  type CredentialSource,
  type RepoAccount,
  type RepoConfig,
} from './repo-config.js';
export type { AccountConfig, ViewMemberSpec, ViewSpec } from './account-types.js';
export type { RawSoa } from './raw-types.js';
export { checkSoaValues } from './rules/soa.js';
export { checkRepoPolicy } from './rules/repo-policy.js';
export { checkViewMembers } from './rules/view-members.js';
export { viewZoneId, viewZoneName } from './view-member-names.js';
