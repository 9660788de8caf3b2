export * from './sessions.enums.ts';
