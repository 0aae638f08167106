export * from './image';
export * from './uvtt';
