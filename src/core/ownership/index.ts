/**
 * Ownership: is this live record the file's, and why not. The one home of every rule about
 * sharing a zone (the service's own records, `manage.ignore` and its presets, external-dns's TXT
 * registry, zonectl's ownership marker, team scopes, `manage.unmanaged`), reached from outside
 * through this index only (`npm run arch`, rule `ownership-in-one-home`). The rules are stated in
 * ./whose.ts; docs/architecture.md, "Ownership"; README.md, "Sharing a zone".
 */
export type { ExternalDnsOptions, IgnoreRule, TeamScope, UnmanagedMode, ZoneScope } from './policy.js';
export { PRESET_NAMES, PRESETS, type PresetName } from './presets.js';
export { matchesIgnore, matchesIgnoreByName } from './match-ignore.js';
export { isProtectedRecord, protectionFlags } from './service-marks.js';
export { registryOwner } from './external-dns.js';
export {
  COMMENT_MARKER,
  MARKER_TAG,
  commentRoom,
  isMarked,
  markedFields,
  markerFormFor,
  markerCommentProblems,
  markerInFile,
  withoutMarker,
  type MarkerForm,
} from './marker.js';
export {
  outsideFileScope,
  scopesOfFiles,
  teamOfName,
  teamsOfFile,
  zoneScopeOf,
  type FileScopes,
  type TeamOwner,
  type TeamOwners,
} from './scopes.js';
export {
  LEFT_ALONE_KINDS,
  countLeftAlone,
  describeCounts as describeLeftAloneCounts,
  describeReason,
  kindWords as leftAloneKindWords,
  type LeftAlone,
  type LeftAloneKind,
  type LeftAloneReason,
} from './left-alone.js';
export {
  externalDnsOptionsOf,
  leftAloneByRules,
  unseenMayStay,
  whose,
  zoneView,
  type OwnershipRules,
  type Verdict,
  type ZoneView,
} from './whose.js';
export { assignOwnership, type FileConflict, type Marking, type Ownership, type OwnershipInput } from './assign.js';
