export * from './tutors.contract.ts';
export * from './tutors.order.ts';
export * from './tutors.staff.contract.ts';
