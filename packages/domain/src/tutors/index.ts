export * from './tutors.contract.ts';
