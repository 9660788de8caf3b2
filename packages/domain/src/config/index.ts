export * from './client-config.ts';
export * from './config.contract.ts';
export * from './error-reporting.ts';
