import { plansKeys, plansQuery } from '@darsak/client';
import { type PlanInput, type PlanPatch, type PlanState, plansContract } from '@darsak/domain/plans';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Every plan (admins see inactive and invitation-only plans too), optionally by state. */
export function useAdminPlans(state?: PlanState) {
  return useQuery({
    ...plansQuery(api, state ? { state } : {}),
    select: (page) => [...page.list].sort((a, b) => a.weeklyMinutes - b.weeklyMinutes || a.id - b.id),
  });
}

export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; patch: PlanPatch } | { id: null; create: PlanInput }) =>
      input.id === null
        ? api.callRoute(plansContract.create, { body: input.create })
        : api.callRoute(plansContract.update, { params: { id: input.id }, body: input.patch }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: plansKeys.all }),
  });
}

export function useRemovePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.callRoute(plansContract.remove, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: plansKeys.all }),
  });
}
