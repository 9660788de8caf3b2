export * from './ratings.constants.ts';
