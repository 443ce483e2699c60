/** Start the emulator in-process on a free port and talk to it over real HTTP (undici). */
import { request } from 'undici';
import { afterEach } from 'vitest';
import { startEmulator, type RunningEmulator, type StartEmulatorOptions } from '../../src/emulator/server.js';

// biome-ignore lint/suspicious/noExplicitAny: test bodies are inspected loosely
export interface ApiResponse<T = any> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: T;
}

export interface TestEmulator extends RunningEmulator {
  zoneId: string;
  // biome-ignore lint/suspicious/noExplicitAny: test bodies are inspected loosely
  call<T = any>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse<T>>;
}

const running: RunningEmulator[] = [];
afterEach(async () => {
  while (running.length > 0) await running.pop()?.close();
});

export async function startTestEmulator(opts: StartEmulatorOptions = {}): Promise<TestEmulator> {
  const emu = await startEmulator({ zones: ['example.com'], token: 'test-token-value', ...opts });
  running.push(emu);
  const token = emu.adminToken ?? opts.token ?? 'test-token-value';
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const all: Record<string, string> = {
      authorization: `Bearer ${token}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    };
    // An empty value means "send no such header".
    for (const [k, v] of Object.entries(all)) if (v === '') delete all[k];
    const res = await request(`${emu.baseUrl}${path}`, {
      method: method as 'GET',
      headers: all,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.body.text();
    return { status: res.statusCode, headers: res.headers, body: text === '' ? undefined : JSON.parse(text) };
  };
  return Object.assign(emu, { zoneId: emu.zones[0]?.id ?? '', call });
}

/** Path of the first zone's records. */
export function recordsPath(emu: TestEmulator, rest = ''): string {
  return `/zones/${emu.zoneId}/dns_records${rest}`;
}
