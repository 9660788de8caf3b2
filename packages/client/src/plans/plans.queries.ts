import {
  couponsContract,
  type PaidPeriod,
  type PlanState,
  planInvitesContract,
  plansContract,
} from '@darsak/domain/plans';
import { queryOptions } from '@tanstack/react-query';
import type { HttpClient } from '../http.ts';

export const plansKeys = {
  all: ['plans'] as const,
  list: (query: PlansListInput = {}) => [...plansKeys.all, 'list', query] as const,
  detail: (id: number) => [...plansKeys.all, 'detail', id] as const,
  coupon: (code: string, planId?: number, period?: PaidPeriod) =>
    [...plansKeys.all, 'coupon-check', code.toUpperCase(), planId ?? null, period ?? null] as const,
  coupons: (query: { page: number; size: number; code?: string }) => [...plansKeys.all, 'coupons', query] as const,
  invites: (query: { page: number; size: number; planId?: number; userId?: number }) =>
    [...plansKeys.all, 'invites', query] as const,
};

export interface PlansListInput {
  state?: PlanState;
  size?: number;
  /** Who asks (not sent): the answer depends on the caller, so it is part of the key. */
  viewerId?: number | null;
}

/**
 * The plans offered to the caller with their period prices (public; a signed-in caller also sees the plans they
 * were invited to, admins see every plan and may filter by state).
 */
export const plansQuery = (http: HttpClient, input: PlansListInput = {}) =>
  queryOptions({
    queryKey: plansKeys.list(input),
    queryFn: ({ signal }) => {
      const { viewerId: _viewer, ...query } = input;
      return http.callRoute(plansContract.list, { query: { size: 100, ...query }, signal });
    },
  });

/** One plan with its period prices. */
export const planQuery = (http: HttpClient, id: number) =>
  queryOptions({
    queryKey: plansKeys.detail(id),
    queryFn: ({ signal }) => http.callRoute(plansContract.get, { params: { id }, signal }),
  });

/** The checkout's coupon check; with a plan and period the answer carries the priced checkout. */
export const couponCheckQuery = (http: HttpClient, code: string, planId?: number, period?: PaidPeriod) =>
  queryOptions({
    queryKey: plansKeys.coupon(code, planId, period),
    queryFn: ({ signal }) =>
      http.callRoute(couponsContract.check, {
        params: { code },
        query: { ...(planId ? { planId } : {}), ...(period ? { period } : {}) },
        signal,
      }),
    retry: false,
    staleTime: 60_000,
  });

/** Coupons, newest first (admins). */
export const couponsQuery = (http: HttpClient, query: { page: number; size: number; code?: string }) =>
  queryOptions({
    queryKey: plansKeys.coupons(query),
    queryFn: ({ signal }) => http.callRoute(couponsContract.list, { query, signal }),
  });

/** Plan invites, by plan or user (admins). */
export const planInvitesQuery = (
  http: HttpClient,
  query: { page: number; size: number; planId?: number; userId?: number },
) =>
  queryOptions({
    queryKey: plansKeys.invites(query),
    queryFn: ({ signal }) => http.callRoute(planInvitesContract.list, { query, signal }),
  });
