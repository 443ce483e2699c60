/** `zonectl token`, as the CLI reaches it. */
export { runTokenRoll, type SecretDestination, type TokenRollEvent, type TokenRollRequest, type TokenRollResult } from './session.js';
export { findTokenByName, rollToken, rollTokenById, TokenRollError, type RolledToken } from './roll-token.js';
