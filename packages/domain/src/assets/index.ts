export * from './assets.constants.ts';
