export * from './digits.ts';
export * from './field-messages.en.ts';
export * from './field-messages.ts';
export * from './ids.ts';
export * from './money.ts';
export * from './paging.ts';
export * from './text.ts';
export * from './time.ts';
