export * from './lessons.constants.ts';
export * from './lessons.contract.ts';
export * from './lessons.enums.ts';
export * from './lessons.outcome.ts';
export * from './lessons.presence.ts';
export * from './lessons.rules.ts';
export * from './lessons.schemas.ts';
export * from './lessons.staff.contract.ts';
