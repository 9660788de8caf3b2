export * from './ratings.constants.ts';
export * from './ratings.contract.ts';
export * from './ratings.inputs.ts';
