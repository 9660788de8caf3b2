export * from './client-config.constants.ts';
export * from './client-config.ts';
export * from './config.contract.ts';
export * from './error-reporting.ts';
export * from './runtime-config.ts';
