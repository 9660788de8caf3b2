export * from './tutors.contract.ts';
export * from './tutors.staff.contract.ts';
