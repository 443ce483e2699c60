/** The zone file's JSON Schema as zonectl publishes it (`zonectl schema`; `zonectl init` writes the same text). */
export { schemaText } from '../files/repository-schema.js';
