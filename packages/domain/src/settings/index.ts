export * from './platform-settings.ts';
