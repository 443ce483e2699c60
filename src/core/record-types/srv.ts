/**
 * SRV (RFC 2782): priority (inside `data`), weight, port, target host name. The service renders
 * `content` without the priority and without making the target absolute. `data.service`,
 * `data.proto` and `data.name` are retired (2024-05-31, since refused by the service): the schema
 * still accepts them so that the check names the replacement.
 */
import { dataFields, text } from './fields.js';
import type { DataTypeDefinition } from './definition.js';
import { absoluteName, readAs, readFailure, unsignedWords } from './presentation.js';
import { answerName, fieldsOf } from './wire.js';

const RETIRED = ['service', 'proto', 'name'];

export const SRV: DataTypeDefinition = {
  type: 'SRV',
  kind: 'data',
  wire: {
    code: 33,
    presentAnswer: (rdata) => {
      const d = fieldsOf(rdata);
      return `${d.priority} ${d.weight} ${d.port} ${answerName(d.target)}`;
    },
  },
  fields: dataFields('SRV'),
  priorityOutsideContent: true,
  followedTarget: { field: 'data.target' },
  retiredFields: {
    names: RETIRED,
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
  check: ({ written }, sink) => {
    const data = written.data ?? {};
    const present = RETIRED.filter((f) => data[f] !== undefined);
    if (present.length === 0) return;
    const service = typeof data.service === 'string' ? data.service.replace(/^_?/, '_') : undefined;
    const proto = typeof data.proto === 'string' ? data.proto.replace(/^_?/, '_') : undefined;
    const example = service && proto ? `${service}.${proto}` : '_service._proto';
    for (const f of present) {
      sink.error(
        'srv.retired-data',
        ['data', f],
        `SRV \`data.${f}\` is retired (2024-05-31, now rejected by the service); write service, protocol and name in the top-level name, e.g. \`name: ${example}\``,
      );
    }
  },
};
