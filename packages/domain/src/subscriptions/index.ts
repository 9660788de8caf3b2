export * from './subscriptions.contract.ts';
export * from './subscriptions.pause.ts';
export * from './subscriptions.renewal.ts';
export * from './subscriptions.rules.ts';
export * from './subscriptions.upgrade.ts';
