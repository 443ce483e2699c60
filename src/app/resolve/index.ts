/** `zonectl resolve`, as the CLI reaches it. */
export { runResolve, type ResolveEvent, type ResolveRequest, type ResolveResult } from './session.js';
