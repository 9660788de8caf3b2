export * from './audit.contract.ts';
