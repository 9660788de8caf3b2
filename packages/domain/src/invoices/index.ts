export * from './invoices.constants.ts';
export * from './invoices.contract.ts';
export * from './invoices.enums.ts';
export * from './invoices.machine.ts';
export * from './invoices.rules.ts';
export * from './invoices.schemas.ts';
