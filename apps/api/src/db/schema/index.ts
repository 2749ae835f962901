export * from './audit';
export * from './auth';
export * from './catalog';
export * from './media';
export * from './orders';
export * from './reviews';
export * from './stock-alerts';
