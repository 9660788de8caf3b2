export * from './availability.contract.ts';
export * from './availability.rules.ts';
export * from './availability.schemas.ts';
