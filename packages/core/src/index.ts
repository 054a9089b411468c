export * from './contract/contact.js';
export * from './contract/envelope.js';
export * from './contract/health.js';
export * from './contract/runtime-config.js';
export * from './contract/settings.js';
export * from './theme/css.js';
export * from './theme/defaults.js';
export * from './theme/merge.js';
export type * from './theme/types.js';
