export * from './server-stats.contract.ts';
