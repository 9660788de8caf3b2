export * from './app-error.ts';
export * from './codes.ts';
export * from './messages.en.ts';
export * from './messages.ts';
