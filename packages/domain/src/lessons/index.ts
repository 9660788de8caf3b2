export * from './lessons.constants.ts';
export * from './lessons.enums.ts';
export * from './lessons.schemas.ts';
