/** A user's or an account's API token as the service lists it (GET /user/tokens, GET /accounts/{id}/tokens); never holds the secret value. */
export interface ApiToken {
  id: string;
  name: string;
  status?: string;
  issued_on?: string;
  modified_on?: string;
  not_before?: string;
  expires_on?: string;
  policies?: Array<Record<string, unknown>>;
  condition?: Record<string, unknown>;
  [other: string]: unknown;
}
