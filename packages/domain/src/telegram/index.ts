export * from './telegram.contract.ts';
