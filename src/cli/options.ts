/** Flags that several commands share (each command's definition lists them beside its own). */
import { API_RATE_LIMIT } from '../core/service/api-limits.js';
import { flag } from './definition/define-command.js';

export const baseUrlFlag = flag.text(
  '--base-url <url>',
  'API base URL (default: $CLOUDFLARE_BASE_URL or https://api.cloudflare.com/client/v4)',
);

export const configFlag = flag.text(
  '--config <file>',
  'the repository configuration (accounts and their credentials; default: zonectl.yaml found upwards from the paths)',
);

export const rateLimitFlag = flag.text(
  '--rate-limit <N/SECONDS>',
  `the run's request budget (default ${API_RATE_LIMIT.requests}/${API_RATE_LIMIT.windowSeconds}, the service's per-user limit; divided by N under --shard)`,
);

export const shardFlag = flag.text(
  '--shard <K/N>',
  'only the zones of shard K of N (1 <= K <= N), chosen by zone name: N CI jobs cover each zone once',
);
