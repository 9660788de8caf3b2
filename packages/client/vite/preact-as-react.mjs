// `react` as the main app's bundle sees it (see react-on-preact.mjs): Preact's compatibility layer, plus the one
// React 19 hook it lacks that React Router imports. The router calls the optimistic setter only with `useTransitions`,
// which the app leaves off, so the state passes through as React itself returns it outside a transition.
export * from 'preact/compat';
export { default } from 'preact/compat';

export function useOptimistic(state) {
  return [state, () => {}];
}
