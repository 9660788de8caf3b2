export * from './ratings.constants.ts';
export * from './ratings.contract.ts';
