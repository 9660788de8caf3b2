export * from './overview.contract.ts';
