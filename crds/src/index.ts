export { KINDS, apiVersion, kindByName } from './kinds.js';
export type { KindDescriptor, KindName } from './kinds.js';
