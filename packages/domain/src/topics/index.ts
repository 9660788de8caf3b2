export * from './topics.schemas.ts';
