export * from './gender.ts';
export * from './phone.ts';
export * from './roles.ts';
export * from './users.contract.ts';
export * from './users.enums.ts';
export * from './users.schemas.ts';
