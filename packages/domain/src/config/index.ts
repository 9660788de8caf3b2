export * from './client-config.ts';
