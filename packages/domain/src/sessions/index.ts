export * from './call-quality.ts';
export * from './network-check.ts';
export * from './sessions.contract.ts';
export * from './sessions.enums.ts';
export * from './sessions.rules.ts';
export * from './sessions.schemas.ts';
export * from './signalling.ts';
