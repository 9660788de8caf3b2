/** Query keys of the student's subscription: apart from the queries, so a frame that only invalidates them loads no contract (nor zod). */
export const subscriptionsKeys = {
  all: ['subscriptions'] as const,
  current: () => [...subscriptionsKeys.all, 'current'] as const,
  detail: (id: number) => [...subscriptionsKeys.all, 'detail', id] as const,
};
