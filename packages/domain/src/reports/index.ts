export * from './reports.enums.ts';
