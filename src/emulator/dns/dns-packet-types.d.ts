/** dns-packet's type table (a CommonJS file of the package that @types/dns-packet does not describe). */
declare module 'dns-packet/types.js' {
  export function toType(name: string): number;
  export function toString(type: number): string;
}

/** dns-packet's class table (likewise). */
declare module 'dns-packet/classes.js' {
  export function toClass(name: string): number;
  export function toString(klass: number): string;
}
