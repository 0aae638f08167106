export * from './commands';
export * from './history';
