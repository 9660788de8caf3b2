export * from './auth.contract.ts';
export * from './token.ts';
