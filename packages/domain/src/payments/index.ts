export * from './payments.enums.ts';
