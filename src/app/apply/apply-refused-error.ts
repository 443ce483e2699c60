import { ZonectlError } from '../../core/errors.js';

/** Apply refused before anything was changed (bad flags, no confirmation, a stale plan, nowhere to put new secrets). */
export class ApplyRefusedError extends ZonectlError {}
