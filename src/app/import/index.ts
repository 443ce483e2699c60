/** `zonectl import`, as the CLI reaches it. */
export {
  IMPORT_SOURCES,
  ImportRefusedError,
  runImport,
  type ImportEvent,
  type ImportRequest,
  type ImportResult,
  type ImportSource,
} from './session.js';
