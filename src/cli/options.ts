/** Options that several commands share (each command registers its own flags beside them). */
import { Option } from 'commander';
import { API_RATE_LIMIT } from '../core/service/api-limits.js';

export const baseUrlOption = (): Option =>
  new Option('--base-url <url>', 'API base URL (default: $CLOUDFLARE_BASE_URL or https://api.cloudflare.com/client/v4)');

export const configOption = (): Option =>
  new Option(
    '--config <file>',
    'the repository configuration (accounts and their credentials; default: zonectl.yaml found upwards from the paths)',
  );

export const rateLimitOption = (): Option =>
  new Option(
    '--rate-limit <N/SECONDS>',
    `the run's request budget (default ${API_RATE_LIMIT.requests}/${API_RATE_LIMIT.windowSeconds}, the service's per-user limit; divided by N under --shard)`,
  );

export const shardOption = (): Option =>
  new Option('--shard <K/N>', 'only the zones of shard K of N (1 <= K <= N), chosen by zone name: N CI jobs cover each zone once');
