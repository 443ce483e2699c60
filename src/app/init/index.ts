/** `zonectl init --ci`, as the CLI reaches it. */
export { type InitCiEvent, type InitCiRequest, type InitCiResult, runInitCi } from './session.js';
export type { CiFileOutcome, CiFileStatus } from './write-ci-files.js';
export { CI_PLATFORMS, type CiPlatform } from '../../core/ci/index.js';
