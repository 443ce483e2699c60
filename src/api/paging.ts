/**
 * Paging of list endpoints (the API's `page`/`per_page` parameters and `result_info`): `page` from 1, a large `per_page`.
 * The first page tells how many pages there are; the rest are fetched with bounded concurrency (bounded.ts)
 * and joined in page order. Stops at `total_pages`, or at the first empty page when the service
 * gives no page count.
 *
 * Every page is read as it arrives (src/api/stream-list.ts) under the client's caps
 * (src/api/response-limits.ts): all pages together hold at most `maxListItems` elements. The
 * first page's `result_info` is checked against what arrives: a `total_pages` more than its
 * `total_count` needs, or a `total_count` other than the number of elements read, is an error
 * (a list that changed while it was read, or an answer that cannot be trusted).
 */
import { mapBounded } from './bounded.js';
import type { CloudflareClient, QueryValue, ResultInfo } from './client.js';
import { ApiResponseError } from './errors.js';
import { ResponseTooLargeError } from './response-limits.js';

/**
 * DNS records per page: the largest the API accepts (the official OpenAPI's `dns-records_per_page`
 * has `maximum: 5000000`, https://github.com/cloudflare/api-schemas openapi.json), so that a zone
 * is read in one request. A service that answers with fewer per page is still read to the end:
 * the first page's `total_pages` says how many follow.
 */
export const RECORDS_PER_PAGE = 5_000_000;
export const ZONES_PER_PAGE = 50;
export const TOKENS_PER_PAGE = 50;

export interface ListOptions {
  /** Default RECORDS_PER_PAGE (DNS records); zones and tokens allow at most 50. */
  perPage?: number;
  /** Pages fetched at once after the first (default 4). */
  concurrency?: number;
  /** Safety stop (default 100,000 pages). */
  maxPages?: number;
  /** Decode each item as its bytes arrive (see RequestOptions.decodeItem); items are then what it returns. */
  decodeItem?: (item: unknown) => unknown;
}

function checkPage<T>(result: unknown, method: string, path: string, status: number): T[] {
  if (!Array.isArray(result)) {
    throw new ApiResponseError(method, path, status, 'expected a list in `result`');
  }
  return result as T[];
}

/** Every item of a list endpoint. Items with an `id` seen twice (a list that shifted between pages) are kept once; one page is taken as it came. */
export async function listAll<T>(
  client: CloudflareClient,
  path: string,
  query: Readonly<Record<string, QueryValue>> = {},
  options: ListOptions = {},
): Promise<T[]> {
  const perPage = options.perPage ?? RECORDS_PER_PAGE;
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const maxPages = options.maxPages ?? 100_000;
  const maxItems = client.limits.maxListItems;
  let itemsRead = 0;
  const fetchPage = async (page: number) => {
    const res = await client.request<unknown>('GET', path, {
      query: { ...query, page, per_page: perPage },
      decodeItem: options.decodeItem ?? keepItem,
      maxItems: maxItems - itemsRead,
    });
    const items = checkPage<T>(res.result, 'GET', path, res.status);
    itemsRead += items.length;
    // (Pages read at once each had the room left when they started: together they may pass it.)
    if (itemsRead > maxItems)
      throw new ResponseTooLargeError(
        `GET ${path}: the list has more than ${maxItems.toLocaleString('en-US')} elements (all its pages together), more than zonectl reads; stopped reading`,
      );
    return { items, info: res.result_info };
  };

  const first = await fetchPage(1);
  const pages: T[][] = [first.items];
  const totalPages = first.info?.total_pages;
  checkPageCount(first.info, first.items.length, maxItems, path);
  if (first.items.length === 0) return checkTotal([], itemsRead, first.info, path);
  if (typeof totalPages === 'number' && Number.isFinite(totalPages)) {
    // Known page count: fetch the rest in parallel, in order.
    const last = Math.min(totalPages, maxPages);
    const rest = Array.from({ length: Math.max(0, last - 1) }, (_, i) => i + 2);
    const read = await mapBounded(rest, concurrency, async (page) => (await fetchPage(page)).items);
    for (const items of read) pages.push(items);
  } else if (first.info !== undefined && first.items.length >= Math.min(perPage, first.info.per_page ?? perPage)) {
    // (A service may serve fewer per page than asked, and say so in `per_page`.)
    // Unknown page count: ask page after page until an empty or short one.
    for (let page = 2; page <= maxPages; page++) {
      const { items } = await fetchPage(page);
      if (items.length === 0) break;
      pages.push(items);
      if (items.length < Math.min(perPage, first.info.per_page ?? perPage)) break;
    }
  }
  // One page is one answer: the list cannot have shifted under it, so there is nothing to drop
  // (and a 100,000-record zone skips a Set of 100,000 ids).
  return checkTotal(pages.length === 1 ? first.items : dedupeById(pages.flat()), itemsRead, first.info, path);
}

const keepItem = (item: unknown): unknown => item;

const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 0;

/** The first page's counts, before more pages are asked for: within the caps, and consistent. */
function checkPageCount(info: ResultInfo | undefined, firstPageItems: number, maxItems: number, path: string): void {
  const total = info?.total_count;
  if (!finite(total)) return;
  if (total > maxItems) {
    throw new ResponseTooLargeError(
      `GET ${path}: the list says it holds ${total.toLocaleString('en-US')} elements (result_info.total_count), more than zonectl reads (${maxItems.toLocaleString('en-US')}); nothing more was read`,
    );
  }
  const pages = info?.total_pages;
  const needed = firstPageItems === 0 ? 1 : Math.ceil(total / firstPageItems);
  if (finite(pages) && pages > Math.max(1, needed)) {
    throw new ApiResponseError(
      'GET',
      path,
      200,
      `result_info says ${pages} pages for ${total} elements of ${firstPageItems} a page; the answer cannot be trusted`,
    );
  }
}

/** What arrived (`arrived` elements, before any id seen twice was dropped) against the first page's `total_count`. */
function checkTotal<T>(items: T[], arrived: number, info: ResultInfo | undefined, path: string): T[] {
  const total = info?.total_count;
  if (finite(total) && total !== arrived) {
    throw new ApiResponseError(
      'GET',
      path,
      200,
      `result_info.total_count said ${total} elements but ${arrived} arrived; the list changed while it was read, or the answer cannot be trusted (run again)`,
    );
  }
  return items;
}

function dedupeById<T>(items: T[]): T[] {
  const seen = new Set<string>();
  let duplicate = false;
  for (const item of items) {
    const id = (item as { id?: unknown } | null)?.id;
    if (typeof id !== 'string') return items;
    if (seen.has(id)) {
      duplicate = true;
      break;
    }
    seen.add(id);
  }
  if (!duplicate) return items;
  const kept = new Set<string>();
  return items.filter((item) => {
    const id = (item as { id: string }).id;
    if (kept.has(id)) return false;
    kept.add(id);
    return true;
  });
}
