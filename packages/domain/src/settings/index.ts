export * from './platform-settings.ts';
export * from './settings.contract.ts';
