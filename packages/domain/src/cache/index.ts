export * from './cache.contract.ts';
