/** HTTPS (RFC 9460): a service binding for HTTP origins. */
import { serviceBindingType } from './shapes.js';

export const HTTPS = serviceBindingType('HTTPS');
