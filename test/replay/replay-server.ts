/**
 * A small HTTP server that answers as the real API answered, from recorded answers
 * (test/fixtures/recorded/**). It is not the emulator: it knows no rules, stores nothing and
 * refuses every write; it serves exactly the recorded bodies.
 *
 * Routes (under /client/v4):
 * - GET /zones?name=        the recorded zone list answer when there is one, else a one-zone list
 * - GET /zones/{id}         the recorded zone answer when there is one, else `{id, name, status}`
 * - GET /zones/{id}/dns_records?page=&per_page=
 *                           recorded pages served by page number, as recorded; or a list of
 *                           recorded records paged as the API pages (`per_page` 5..5000)
 * - GET /zones/{id}/dns_settings   a minimal answer (see DNS_SETTINGS)
 * - GET /user/tokens/verify        `{ id, status: "active" }` (`iam_response_single_segment`, OpenAPI examples)
 * - GET /user/tokens               an empty list
 * Anything else answers 404 with code 7003 ("No route for the URI", the OpenAPI failure example),
 * and every request is logged in `requests` so that a test can show no write was attempted.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordsSource =
  /** Recorded list answers (whole envelopes), page 1 first. */
  | { readonly kind: 'pages'; readonly pages: readonly unknown[] }
  /** Recorded record objects without their envelope: paged here as the API pages. */
  | { readonly kind: 'records'; readonly records: readonly unknown[] };

export interface ReplayZone {
  readonly id: string;
  readonly name: string;
  /** Recorded answer of `GET /zones?name=<name>` (whole envelope), when there is one. */
  readonly zonesAnswer?: unknown;
  /** Recorded answer of `GET /zones/<id>` (whole envelope), when there is one. */
  readonly zoneAnswer?: unknown;
  readonly records: RecordsSource;
}

export interface ReplayServer {
  readonly baseUrl: string;
  /** `METHOD path?query` of every request, in order. */
  readonly requests: string[];
  close(): Promise<void>;
}

/**
 * DNS settings, minimal: the property examples of `dns-settings_dns-settings` in Cloudflare's
 * OpenAPI (api-schemas 2024-08-06); zone_mode "standard" (an enum value; the example is dns_only).
 */
const DNS_SETTINGS = {
  foundation_dns: false,
  multi_provider: false,
  ns_ttl: 86400,
  secondary_overrides: false,
  zone_mode: 'standard',
};

const envelope = (result: unknown, resultInfo?: Record<string, number>) => ({
  result,
  success: true,
  errors: [],
  messages: [],
  ...(resultInfo ? { result_info: resultInfo } : {}),
});

const failure = (code: number, message: string) => ({ success: false, errors: [{ code, message }], messages: [], result: null });

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function positiveInt(value: string | null, fallback: number): number {
  const n = value === null ? fallback : Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

function recordsAnswer(source: RecordsSource, query: URLSearchParams): unknown {
  const page = positiveInt(query.get('page'), 1);
  if (source.kind === 'pages') {
    // As recorded: page N is the N-th recorded answer; past the last, an empty page.
    const recorded = source.pages[page - 1];
    if (recorded !== undefined) return recorded;
    return envelope([], { page, per_page: 0, count: 0, total_count: 0, total_pages: source.pages.length });
  }
  // As the API pages a list: per_page 5..5000 (default 100), total_pages from the count.
  const perPage = Math.min(5000, Math.max(5, positiveInt(query.get('per_page'), 100)));
  const all = source.records;
  const slice = all.slice((page - 1) * perPage, page * perPage);
  return envelope(slice, {
    page,
    per_page: perPage,
    count: slice.length,
    total_count: all.length,
    total_pages: Math.max(1, Math.ceil(all.length / perPage)),
  });
}

/** Query parameters each route accepts; anything else is refused so that no filter goes unnoticed. */
const ALLOWED_QUERY: Readonly<Record<string, readonly string[]>> = {
  zones: ['name', 'page', 'per_page'],
  // include_shadow_metadata: asked by zonectl's reads (src/api/live.ts); the recordings predate it and carry none.
  records: ['page', 'per_page', 'include_shadow_metadata'],
};

function unknownParams(query: URLSearchParams, allowed: readonly string[]): string[] {
  return [...query.keys()].filter((k) => !allowed.includes(k));
}

function route(zones: readonly ReplayZone[], req: IncomingMessage, url: URL): { status: number; body: unknown } {
  const path = url.pathname.replace(/^\/client\/v4/, '');
  if (req.method !== 'GET') return { status: 405, body: failure(10405, `the replay server serves recorded reads only, not ${req.method}`) };
  if (path === '/zones') {
    const bad = unknownParams(url.searchParams, ALLOWED_QUERY.zones!);
    if (bad.length > 0) return { status: 400, body: failure(1001, `unexpected query parameter ${bad.join(', ')}`) };
    const name = url.searchParams.get('name');
    const matching = zones.filter((z) => name === null || z.name === name);
    if (matching.length === 1 && matching[0]!.zonesAnswer !== undefined) return { status: 200, body: matching[0]!.zonesAnswer };
    const result = matching.map((z) => ({ id: z.id, name: z.name, status: 'active' }));
    return {
      status: 200,
      body: envelope(result, {
        page: 1,
        per_page: positiveInt(url.searchParams.get('per_page'), 20),
        count: result.length,
        total_count: result.length,
        total_pages: 1,
      }),
    };
  }
  if (path === '/user/tokens/verify') {
    return { status: 200, body: envelope({ id: 'ed17574386854bf78a67040be0a770b0', status: 'active' }) };
  }
  if (path === '/user/tokens') {
    return { status: 200, body: envelope([], { page: 1, per_page: 50, count: 0, total_count: 0, total_pages: 1 }) };
  }
  const m = /^\/zones\/([^/]+)(\/dns_records|\/dns_settings)?$/.exec(path);
  const zone = m ? zones.find((z) => z.id === decodeURIComponent(m[1]!)) : undefined;
  if (m && zone === undefined)
    return { status: 404, body: failure(7003, `Could not route to /zones/${m[1]}, perhaps your object identifier is invalid?`) };
  if (m && zone) {
    if (m[2] === undefined) return { status: 200, body: zone.zoneAnswer ?? envelope({ id: zone.id, name: zone.name, status: 'active' }) };
    if (m[2] === '/dns_settings') return { status: 200, body: envelope(DNS_SETTINGS) };
    const bad = unknownParams(url.searchParams, ALLOWED_QUERY.records!);
    if (bad.length > 0) return { status: 400, body: failure(1001, `unexpected query parameter ${bad.join(', ')}`) };
    return { status: 200, body: recordsAnswer(zone.records, url.searchParams) };
  }
  return { status: 404, body: failure(7003, 'No route for the URI') };
}

/** Start a replay server on a free loopback port; requests need `Authorization: Bearer <token>`. */
export async function startReplayServer(options: { token: string; zones: readonly ReplayZone[] }): Promise<ReplayServer> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://replay.invalid');
    requests.push(`${req.method ?? '?'} ${url.pathname.replace(/^\/client\/v4/, '')}${url.search}`);
    // Drain any body; the replay server never reads one.
    req.resume();
    if (req.headers.authorization !== `Bearer ${options.token}`) {
      send(res, 400, failure(9106, 'Missing X-Auth-Key, X-Auth-Email or Authorization headers'));
      return;
    }
    const { status, body } = route(options.zones, req, url);
    send(res, status, body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}/client/v4`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
