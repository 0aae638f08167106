export * from './limits';
export * from './runs';
export * from './schema';
export * from './encounter-file';
export * from './scenario';
export * from './read';
