export * from './verification.contract.ts';
export * from './verification.rules.ts';
