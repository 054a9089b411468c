export * from './contract/auth.js';
export * from './contract/envelope.js';
export * from './contract/health.js';
export * from './contract/runtime-config.js';
export * from './theme/defaults.js';
export * from './theme/merge.js';
export type * from './theme/types.js';
