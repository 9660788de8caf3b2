import { couponsQuery, plansKeys, plansQuery } from '@darsak/client';
import { type CouponInput, couponsContract } from '@darsak/domain/plans';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const COUPONS_PAGE_SIZE = 20;

export function useCoupons(page: number, code: string) {
  return useQuery({
    ...couponsQuery(api, { page, size: COUPONS_PAGE_SIZE, ...(code ? { code } : {}) }),
    placeholderData: keepPreviousData,
  });
}

/** Every plan, to limit a coupon to one. */
export function useAllPlans() {
  return useQuery({ ...plansQuery(api), select: (page) => page.list });
}

/** One coupon as it is now (GET /api/v1/coupon/:id), for its page; saved changes read it again. */
export function useCoupon(id: number) {
  return useQuery({
    queryKey: [...plansKeys.all, 'coupons', 'detail', id],
    queryFn: ({ signal }) => api.callRoute(couponsContract.get, { params: { id }, signal }),
  });
}

export function useSaveCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: CouponInput }) =>
      id === null
        ? api.callRoute(couponsContract.create, { body: input })
        : api.callRoute(couponsContract.update, { params: { id }, body: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [...plansKeys.all, 'coupons'] }),
  });
}

export function useRemoveCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.callRoute(couponsContract.remove, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [...plansKeys.all, 'coupons'] }),
  });
}
