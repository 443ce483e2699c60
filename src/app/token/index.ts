/** `zonectl token`, as the CLI reaches it. */
export { runTokenRoll, type TokenRollEvent, type TokenRollRequest } from './roll-session.js';
export { findTokenByName, rollToken, TokenRollError, type RolledToken } from './roll-token.js';
