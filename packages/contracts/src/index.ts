export * from './auth';
export * from './cart';
export * from './catalog';
export * from './constants';
export * from './errors';
export * from './health';
export * from './money';
export * from './users';
