export * from './contact.schemas.ts';
