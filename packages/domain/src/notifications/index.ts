export * from './notifications.contract.ts';
export * from './policy.ts';
