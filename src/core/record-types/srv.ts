/**
 * SRV (RFC 2782): priority (inside `data`), weight, port, target host name. The service renders
 * `content` without the priority and without making the target absolute; `data.service`,
 * `data.proto` and `data.name` are retired (zonefile/rules/srv.ts names the replacement).
 */
import { dataFields } from './data-fields.js';
import type { DataTypeDefinition } from './definition.js';
import { text } from './field-text.js';
import { absoluteName, readAs, readFailure, unsignedWords } from './presentation.js';

export const SRV: DataTypeDefinition = {
  type: 'SRV',
  kind: 'data',
  fields: dataFields('SRV'),
  priorityOutsideContent: true,
  followedTarget: { field: 'data.target' },
  retiredFields: {
    names: ['service', 'proto', 'name'],
    description: 'Retired (2024-05-31): write the service, protocol and name in the top-level `name` (e.g. `_sip._tcp`).',
  },
  renderContent: (d) => `${text(d.weight)} ${text(d.port)} ${text(d.target)}`,
  present: (d) => `${text(d.priority)} ${text(d.weight)} ${text(d.port)} ${absoluteName(text(d.target))}`,
  read: ({ words, host }) => {
    const n = unsignedWords(words, 3);
    return words.length === 4 && n
      ? readAs({ data: { priority: n[0], weight: n[1], port: n[2], target: host(words[3]) } })
      : readFailure('SRV needs "priority weight port target"');
  },
};
