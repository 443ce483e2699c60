/** SVCB (RFC 9460): a service binding. */
import { serviceBindingType } from './shapes.js';

export const SVCB = serviceBindingType('SVCB');
