export * from './summary';
export * from './thumbnail';
export * from './entry';
export * from './search';
export * from './stamp';
