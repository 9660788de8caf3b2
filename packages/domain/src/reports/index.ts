export * from './reports.constants.ts';
export * from './reports.contract.ts';
export * from './reports.enums.ts';
export * from './reports.schemas.ts';
