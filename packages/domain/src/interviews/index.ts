export * from './interviews.constants.ts';
export * from './interviews.contract.ts';
export * from './interviews.enums.ts';
export * from './interviews.machine.ts';
export * from './interviews.rules.ts';
export * from './interviews.steps.ts';
