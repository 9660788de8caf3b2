export * from './chat.contract.ts';
export * from './chat.schemas.ts';
