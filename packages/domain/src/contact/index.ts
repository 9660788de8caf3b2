export * from './contact.contract.ts';
export * from './contact.schemas.ts';
