export * from './auth.contract.ts';
export * from './session-cookie.ts';
export * from './token.ts';
