export * from './contract/catalogue.js';
export * from './contract/envelope.js';
export * from './contract/health.js';
export * from './contract/runtime-config.js';
export * from './pricing/catalogue-prices.js';
export * from './pricing/product-line.js';
export * from './theme/defaults.js';
export * from './theme/merge.js';
export type * from './theme/types.js';
