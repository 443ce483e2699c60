import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { recordsPath, startTestEmulator } from './helpers.js';

/**
 * Sends `text` on a raw connection; resolves with what came back once the server closed the
 * connection or one complete answer arrived (its headers and Content-Length bytes of body):
 * states, not a time, so a slow machine cannot cut an answer short.
 */
function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let data = '';
    const complete = (): boolean => {
      const end = data.indexOf('\r\n\r\n');
      if (end < 0) return false;
      const length = /^content-length:\s*(\d+)/im.exec(data.slice(0, end));
      return length !== null && Buffer.byteLength(data.slice(end + 4)) >= Number(length[1]);
    };
    socket.setEncoding('utf8');
    socket.on('data', (d) => {
      data += d;
      if (complete()) {
        socket.destroy();
        resolve(data);
      }
    });
    socket.on('end', () => resolve(data));
    socket.on('close', () => resolve(data));
    socket.on('error', reject);
  });
}

describe('HTTP surface', () => {
  it('declines a request carrying both Transfer-Encoding and Content-Length with a 400 (raw socket)', async () => {
    const emu = await startTestEmulator();
    const body = JSON.stringify({ type: 'A', name: 'smuggle', content: '192.0.2.1' });
    const chunked = `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`;
    const answer = await rawRequest(
      emu.port,
      `POST /client/v4/zones/${emu.zoneId}/dns_records HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer test-token-value\r\n` +
        `Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nContent-Length: ${chunked.length}\r\n\r\n${chunked}`,
    );
    expect(answer.startsWith('HTTP/1.1 400')).toBe(true);
    const json = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
    expect(json).toMatchObject({ success: false, result: null, errors: [{ code: 6003 }] });
    expect(json.errors[0].message).toMatch(/Transfer-Encoding/);
    const list = await emu.call('GET', recordsPath(emu));
    expect(list.body.result).toEqual([]);
  });

  it('answers malformed JSON, unknown routes and wrong methods in the envelope', async () => {
    const emu = await startTestEmulator();
    const bad = await emu.call('POST', recordsPath(emu), '{"type": "A",');
    expect([bad.status, bad.body.errors[0].code]).toEqual([400, 6007]);
    const unknown = await emu.call('GET', '/nothing/here');
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0]).toEqual({
      code: 7003,
      message: 'Could not route to /client/v4/nothing/here, perhaps your object identifier is invalid?',
    });
    const method = await emu.call('DELETE', '/zones');
    expect([method.status, method.body.errors[0]]).toEqual([405, { code: 7000, message: 'No route for that URI' }]);
    const outside = await emu.call('GET', '/../v3/zones');
    expect(outside.status).toBe(404);
  });

  it('refuses requests without valid credentials', async () => {
    const emu = await startTestEmulator();
    const none = await emu.call('GET', recordsPath(emu), undefined, { authorization: '' });
    expect(none.status).toBeGreaterThanOrEqual(400);
    expect(none.status).toBeLessThan(500);
    expect(none.body.success).toBe(false);
    const wrong = await emu.call('GET', recordsPath(emu), undefined, { authorization: 'Bearer wrongwrongwrong' });
    expect(wrong.status).toBe(403);
    const keyPair = await emu.call('GET', recordsPath(emu), undefined, {
      authorization: '',
      'x-auth-email': emu.email,
      'x-auth-key': emu.apiKey,
    });
    expect(keyPair.status).toBe(200);
  });
});
