export * from './token.ts';
