export * from './common';
export * from './catalog';
export * from './product';
export * from './order';
export * from './misc';
export * from './auth';
export * from './order-import';
