export * from './audit';
export * from './auth';
export * from './catalog';
export * from './orders';
export * from './reviews';
export * from './stock-alerts';
