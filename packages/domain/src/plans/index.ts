export * from './plans.enums.ts';
