export * from './interviews.constants.ts';
export * from './interviews.enums.ts';
export * from './interviews.rules.ts';
