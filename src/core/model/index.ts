export * from './record-types.js';
export * from './record.js';
export * from './names.js';
export * from './txt.js';
export * from './addresses.js';
export * from './normalize.js';
export * from './keys.js';
export * from './render-content.js';
