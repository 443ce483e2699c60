import { startEmulator, type RunningEmulator, type StartEmulatorOptions } from '../../../src/emulator/server.js';

export type Auth = { token: string } | { email: string; key: string } | { headers: Record<string, string> } | undefined;

export interface Answer {
  status: number;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field in tests
  body: any;
}

export async function call(emu: RunningEmulator, method: string, path: string, auth: Auth, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (auth && 'token' in auth) headers.authorization = `Bearer ${auth.token}`;
  else if (auth && 'email' in auth) {
    headers['x-auth-email'] = auth.email;
    headers['x-auth-key'] = auth.key;
  } else if (auth) Object.assign(headers, auth.headers);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${emu.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: res.status, text, body: parsed };
}

export const ADMIN_TOKEN = 'Adm1nTokenValueForTestsOnly_0123456789-a';
export const API_KEY = '0123456789abcdef0123456789abcdef01234';
export const EMAIL = 'owner@example.com';

export function start(extra: StartEmulatorOptions = {}): Promise<RunningEmulator> {
  return startEmulator({ zones: ['example.com', 'example.net'], token: ADMIN_TOKEN, email: EMAIL, key: API_KEY, ...extra });
}
