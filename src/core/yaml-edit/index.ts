/**
 * The one home of YAML writes that keep a person's file: edits made on the text itself, so
 * that comments, key order, quoting, flow or block style, anchors, merge keys and `include:`
 * lines stay untouched outside what changes (docs/architecture.md, "Editing zone files").
 * Pure: text and edits in, text (or a typed refusal) out.
 */
export { editYaml } from './edit-document.js';
export { type NewDocumentLayout, type NewNodeLayout, writeNewYaml } from './new-document.js';
export type { EditRefusal, EditResult, NodeStyle, RefusalReason, ScalarStyle, StyleHint, YamlEdit, YamlPath } from './types.js';
export {
  editZoneFile,
  RECORD_FIELD_ORDER,
  type RecordFields,
  ZONE_FILE_KEY_ORDER,
  type ZoneFileEdit,
  type ZoneFileEditOptions,
} from './zone-file-edit.js';
export {
  type FileEdits,
  type RecordHome,
  recordHome,
  type RoutedEdits,
  routeEdits,
  type SharedFragment,
  type ZoneEdit,
} from './route-edits.js';
