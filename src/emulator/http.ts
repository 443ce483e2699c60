/**
 * HTTP plumbing of the emulator: the envelope, JSON answers, body reading, and the raw 400 for
 * requests node's parser refuses before a handler sees them.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { ApiError, type ApiErrorItem, type RouteResult } from './contract.js';
import { RenderedList } from './rendered-list.js';

export const MAX_BODY_BYTES = 64 * 1024 * 1024;

export const CODES = {
  noRoute: 7003,
  wrongMethod: 7000,
  malformedJson: 6007,
  invalidHeaders: 6003,
  bodyTooLarge: 6008,
  rateLimited: 10100,
  internal: 10001,
  unavailable: 10002,
} as const;

export function successBody(result: RouteResult): Record<string, unknown> {
  const body: Record<string, unknown> = {
    result: result.result,
    success: true,
    errors: [],
    messages: result.messages ?? [],
  };
  if (result.result_info) body.result_info = result.result_info;
  return { ...body, ...result.extra };
}

export function sendText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

export function errorBody(errors: ApiErrorItem[]): Record<string, unknown> {
  return { result: null, success: false, errors, messages: [] };
}

/** A `result` list at least this long is written in slices as it is serialized (see sendListInSlices). */
export const STREAMED_LIST_FROM = 2000;
/** Elements of `result` serialized and written at a time. */
const LIST_SLICE = 1000;
const LIST_HEAD = '{"result":[';

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (isLongList(body)) {
    void sendListInSlices(res, status, body, headers);
    return;
  }
  sendWhole(res, status, body, headers);
}

function sendWhole(res: ServerResponse, status: number, body: unknown, headers: Record<string, string>): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** An envelope whose first member is a long `result` list (a big records list). */
function isLongList(body: unknown): body is { result: unknown[] | RenderedList } {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
  const result = (body as { result?: unknown }).result;
  const list = Array.isArray(result) || result instanceof RenderedList;
  return list && result.length >= STREAMED_LIST_FROM && Object.keys(body)[0] === 'result';
}

/**
 * Writes a long list answer while it is serialized, LIST_SLICE elements at a time, waiting for
 * the socket to drain between slices: the client reads the first records while the rest are
 * produced, and the whole body (39 MB for 100,000 records) is never one string. The bytes are
 * those of `JSON.stringify(body)`; the length is not known up front, so the answer goes out
 * with chunked transfer encoding (RFC 9112 section 7.1) instead of Content-Length.
 */
async function sendListInSlices(
  res: ServerResponse,
  status: number,
  body: { result: unknown[] | RenderedList },
  headers: Record<string, string>,
): Promise<void> {
  const list = body.result;
  // `result` is the first member, so the envelope with an empty list starts `{"result":[]`.
  const envelope = JSON.stringify({ ...body, result: [] });
  if (!envelope.startsWith(`${LIST_HEAD}]`)) {
    sendWhole(res, status, body, headers);
    return;
  }
  const tail = envelope.slice(LIST_HEAD.length);
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json; charset=utf-8' });
  try {
    res.write(LIST_HEAD);
    for (let at = 0; at < list.length && !res.destroyed; at += LIST_SLICE) {
      const slice = JSON.stringify(list.slice(at, at + LIST_SLICE));
      const elements = slice.slice(1, -1);
      if (!res.write(at === 0 ? elements : `,${elements}`)) await drained(res);
    }
    if (!res.destroyed) res.end(tail);
  } catch (err) {
    res.destroy(err as Error);
  }
}

/** Resolves when the response can take more, or is closed. */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

export function sendError(res: ServerResponse, err: ApiError, headers: Record<string, string> = {}): void {
  sendJson(res, err.status, errorBody(err.errors), { ...headers, ...err.headers });
}

/**
 * The fields of a multipart/form-data body (RFC 7578) as strings: the import endpoint's `file`
 * and `proxied`. Small and whole in memory (the service's import limit is 256 KiB), so a few
 * lines here instead of a streaming parser.
 */
export function parseMultipart(raw: Buffer, contentType: string): Record<string, string> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  if (!boundary) throw new ApiError(400, [{ code: CODES.malformedJson, message: 'multipart body without a boundary' }]);
  const delimiter = `--${boundary[1] ?? boundary[2]}`;
  const fields: Record<string, string> = {};
  for (const part of raw.toString('utf8').split(delimiter).slice(1)) {
    if (part.startsWith('--')) break;
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const name = /name="([^"]*)"/i.exec(part.slice(0, split))?.[1];
    if (name !== undefined) fields[name] = part.slice(split + 4).replace(/\r\n$/, '');
  }
  return fields;
}

/** Read the whole body; JSON-parse it when not empty. */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > MAX_BODY_BYTES) {
      throw new ApiError(413, [{ code: CODES.bodyTooLarge, message: `Request body is larger than ${MAX_BODY_BYTES} bytes` }]);
    }
    chunks.push(buf);
  }
  if (size === 0) return undefined;
  const contentType = String(req.headers['content-type'] ?? '');
  if (/^multipart\/form-data/i.test(contentType)) return parseMultipart(Buffer.concat(chunks), contentType);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(400, [{ code: CODES.malformedJson, message: 'Malformed JSON in request body' }]);
  }
}

export const TE_CL_ERROR: ApiErrorItem = {
  code: CODES.invalidHeaders,
  message: 'Invalid request headers: a request may not carry both Transfer-Encoding and Content-Length',
};

/**
 * node's HTTP parser rejects some requests (both Transfer-Encoding and Content-Length,
 * malformed headers) before any handler runs. Answer them with a 400 in the envelope instead
 * of node's bare default, then close.
 */
export function answerClientError(err: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const teCl =
    err.code === 'HPE_UNEXPECTED_CONTENT_LENGTH' || (/content-length/i.test(err.message) && /transfer-encoding/i.test(err.message));
  const item: ApiErrorItem = teCl
    ? TE_CL_ERROR
    : { code: CODES.invalidHeaders, message: 'Invalid request: the request could not be parsed' };
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const text = JSON.stringify(errorBody([item]));
  socket.end(
    `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(text)}\r\n` +
      'Connection: close\r\n\r\n' +
      text,
  );
}

/** The remote address with IPv4-mapped IPv6 unwrapped. */
export function clientIpOf(req: IncomingMessage): string {
  const ip = req.socket.remoteAddress ?? '';
  return ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;
}
