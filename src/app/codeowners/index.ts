/** `zonectl codeowners`, as the CLI reaches it. */
export { runCodeowners, type CodeownersEvent, type CodeownersRequest, type CodeownersResult } from './session.js';
