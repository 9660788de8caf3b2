export * from './verification.rules.ts';
