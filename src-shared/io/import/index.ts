export * from './image';
export * from './uvtt';
export * from './picture-file';
