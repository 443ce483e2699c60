/**
 * The character codes the YAML readers of this folder compare with (`s.charCodeAt(i) === COLON`):
 * one home for position-index.ts and the plain-YAML fast path (simple-yaml.ts, simple-yaml-text.ts).
 */

export const TAB = 0x09;
export const LF = 0x0a;
export const CR = 0x0d;
export const SPACE = 0x20;
export const DQUOTE = 0x22;
export const HASH = 0x23;
export const SQUOTE = 0x27;
export const COMMA = 0x2c;
export const DASH = 0x2d;
export const COLON = 0x3a;
export const GREATER = 0x3e;
export const OPEN_BRACKET = 0x5b;
export const BACKSLASH = 0x5c;
export const CLOSE_BRACKET = 0x5d;
export const OPEN_BRACE = 0x7b;
export const PIPE = 0x7c;
export const CLOSE_BRACE = 0x7d;
