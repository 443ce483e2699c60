/** Options that several commands share (each command registers its own flags beside them). */
import { Option } from 'commander';

export const baseUrlOption = (): Option =>
  new Option('--base-url <url>', 'API base URL (default: $CLOUDFLARE_BASE_URL or https://api.cloudflare.com/client/v4)');
