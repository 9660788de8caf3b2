export * from './invites.contract.ts';
export * from './invites.enums.ts';
