export * from './invites.enums.ts';
