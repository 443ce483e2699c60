/** The emulator's DNS settings (zone and account zone_defaults). */
export { settingsRoutes } from './routes.js';
export { seedAccountSettings, seedZoneSettings, readZoneSettings, readAccountSettings, defaultDnsSettings } from './defaults.js';
export type { AccountDnsSettings, DnsSettings, Soa } from './types.js';
