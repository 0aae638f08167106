export * from './rulesets';
export * from './sizes';
export * from './terrain';
export * from './creature';
export * from './map';
export * from './encounter';
export * from './picture';
