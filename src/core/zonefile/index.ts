/** The zone file pipeline: YAML with positions -> ${VAR} -> JSON Schema -> service rules -> canonical model. */
export type {
  SourceFile,
  Problem,
  DesiredRecord,
  TokenSpec,
  TokenPolicySpec,
  IgnoreRule,
  ManageConfig,
  DesiredSettings,
  ZoneConfig,
  FragmentSummary,
} from './types.js';
export type { IncludeReader, IncludeRead } from './fragments.js';
export { loadZoneFile } from './load-zone-file.js';
export {
  credentialVariableNames,
  loadRepoConfig,
  REPO_CONFIG_FILE,
  type CredentialSource,
  type RepoAccount,
  type RepoConfig,
} from './repo-config.js';
export type { AccountConfig } from './account-types.js';
export { formatProblem } from './problems.js';
export { printable, printableLines } from './printable.js';
export { matchesIgnore } from './match-ignore.js';
export { parseYaml, PositionIndex, type ParseResult, type SourcePosition } from './parse-yaml.js';
export { forbiddenVariable, interpolateString, interpolateDocument, type Env, type InterpolationOptions } from './interpolate.js';
export { buildZoneSchema, ZONE_SCHEMA_ID } from './schema/build-schema.js';
export { applyDefaults } from './build-config.js';
export { formatPath, type PathSegment } from './json-path.js';
export { parseTokenTimestamp } from './rules/tokens.js';
