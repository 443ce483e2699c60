/** The emulator's identity: authentication, tokens, policies, permission groups. See src/emulator/README.md. */
import type { IdentityHooks, Route } from '../contract.js';
import { authenticate } from './authenticate.js';
import { authorize } from './authorize.js';
import { accountTokenRoutes } from './account-token-routes.js';
import { tokenRoutes } from './token-routes.js';

export { PERMISSION_GROUPS, PERMISSIONS, findPermissionGroup } from './permission-groups.js';
export type { PermissionGroupEntry } from './permission-groups.js';
export { seedIdentity, SEED_TOKEN_NAME } from './seed.js';
export type { SeedIdentityOptions } from './seed.js';
export { generateTokenValue, hashTokenValue } from './token-secret.js';

export const identityHooks: IdentityHooks = { authenticate, authorize };

export function identityRoutes(): Route[] {
  return [...tokenRoutes(), ...accountTokenRoutes()];
}
