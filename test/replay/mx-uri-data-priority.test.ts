/**
 * MX and URI answers where the priority (and for MX the target) is only in `data` and `content`
 * is the formatted `"10 mail.example.com"`: the shape Cloudflare's Terraform provider handles in
 * its tests (issue 19, item 8). zonectl reads priority and target from `data`, so a zone file
 * that says the same plans nothing (no update of `content` or `priority`).
 */
import { afterEach, expect, it } from 'vitest';
import { loadConfig, plan, startReplay, type Replay } from './replay-harness.js';

const ZONE = { id: '3f1c0a9e7b2d4c6e8f0a1b2c3d4e5f60', name: 'example.com' };

/** Record objects in the answer's shape: formatted `content`, priority only in `data`. */
const RECORDS = [
  {
    id: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
    name: 'example.com',
    type: 'MX',
    content: '10 mail.example.com',
    data: { priority: 10, target: 'mail.example.com' },
    ttl: 1,
    proxied: false,
    proxiable: false,
    comment: null,
    tags: [],
    settings: {},
    meta: {},
  },
  {
    id: 'b1b2c3d4e5f60718293a4b5c6d7e8f91',
    name: '_http._tcp.example.com',
    type: 'URI',
    content: '20 1 "https://www.example.com/"',
    data: { priority: 20, weight: 1, target: 'https://www.example.com/' },
    ttl: 3600,
    proxied: false,
    proxiable: false,
    comment: null,
    tags: [],
    settings: {},
    meta: {},
  },
];

const FILE = `version: 1
zone: example.com
records:
  - { name: "@", type: MX, content: mail.example.com, priority: 10 }
  - { name: _http._tcp, type: URI, ttl: 3600, priority: 20, data: { weight: 1, target: "https://www.example.com/" } }
`;

let replay: Replay | undefined;
afterEach(async () => {
  await replay?.close();
  replay = undefined;
});

it('plans nothing for MX/URI answers that carry priority and target only in data', async () => {
  replay = await startReplay({ zone: { ...ZONE, records: { kind: 'records', records: RECORDS } } } as never);
  const run = await plan(replay, loadConfig(FILE));
  expect(run.plan.operations.map((o) => `${o.kind} ${o.action}`)).toEqual([]);
});

it('still plans a real change of the MX target read from data', async () => {
  replay = await startReplay({ zone: { ...ZONE, records: { kind: 'records', records: RECORDS } } } as never);
  const run = await plan(replay, loadConfig(FILE.replace('content: mail.example.com', 'content: mx2.example.com')));
  expect(run.plan.operations.map((o) => `${o.kind} ${o.action}`)).toEqual(['dns_record update']);
});
