export * from './payments.contract.ts';
export * from './payments.enums.ts';
export * from './payments.machine.ts';
export * from './payments.receipts.ts';
