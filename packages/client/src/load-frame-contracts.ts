/** The frames' contracts (frame-contracts.ts): a chunk of their own, fetched with the first call that needs one. */
export const loadFrameContracts = () => import('./frame-contracts.ts');
