export * from './students.contract.ts';
