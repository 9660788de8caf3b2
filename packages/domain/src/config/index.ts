export * from './client-config.ts';
export * from './config.contract.ts';
