export * from './contract/envelope.js';
export * from './contract/health.js';
export * from './contract/restaurants.js';
export * from './contract/runtime-config.js';
export * from './rules/opening-hours.js';
export * from './rules/restaurant-status.js';
export * from './theme/defaults.js';
export * from './theme/merge.js';
export type * from './theme/types.js';
