export * from './topics.contract.ts';
export * from './topics.schemas.ts';
