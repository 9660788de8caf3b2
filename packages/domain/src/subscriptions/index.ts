export * from './subscriptions.contract.ts';
export * from './subscriptions.rules.ts';
