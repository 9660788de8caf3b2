import { fetchReceipt } from '@darsak/client';
import { chatContract } from '@darsak/domain/chat';
import { lessonsContract } from '@darsak/domain/lessons';
import {
  paymentsContract,
  type ReceiptLanguage,
  type Transaction,
  transactionsContract,
} from '@darsak/domain/payments';
import { ratingsContract } from '@darsak/domain/ratings';
import { subscriptionsContract } from '@darsak/domain/subscriptions';
import { tutorsContract } from '@darsak/domain/tutors';
import { type RoleId, type UserListQuery, usersContract } from '@darsak/domain/users';
import { downloadBlob } from '@darsak/ui';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { compactFilter } from '../../../lib/compact-filter.ts';
import { auditKeys } from '../../audit/hooks/use-audit-log.ts';

export type UserFilter = Omit<UserListQuery, 'page' | 'size'>;

const usersKey = ['staff', 'users'] as const;
const accountKey = (id: number) => [...usersKey, 'account', id] as const;

export const fetchUsersPage = (filter: UserFilter, page: number, size: number) =>
  api.callRoute(usersContract.list, { query: { ...compactFilter(filter), page, size } });

export function useUsers(filter: UserFilter, page: number, size: number) {
  return useQuery({
    queryKey: [...usersKey, 'list', compactFilter(filter), page, size],
    queryFn: () => fetchUsersPage(filter, page, size),
    placeholderData: keepPreviousData,
  });
}

export function useAccount(id: number) {
  return useQuery({
    queryKey: accountKey(id),
    queryFn: () => api.callRoute(usersContract.account, { params: { id } }),
  });
}

export function useSubscriptions(studentId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...usersKey, 'subscriptions', studentId],
    queryFn: () => api.callRoute(subscriptionsContract.list, { query: { studentId, page: 1, size: 20 } }),
    enabled,
  });
}

/** One subscription as it is now (GET /api/v1/sub/:id): what a payment bought. */
export function useSubscription(id: number) {
  return useQuery({
    queryKey: [...usersKey, 'subscription', id],
    queryFn: () => api.callRoute(subscriptionsContract.get, { params: { id } }),
  });
}

/** A student's lessons, tutors and time learned (GET /api/v1/user/student/stats/:id). */
export function useStudentStats(studentId: number) {
  return useQuery({
    queryKey: [...usersKey, 'student-stats', studentId],
    queryFn: () => api.callRoute(tutorsContract.studentStats, { params: { id: studentId } }),
  });
}

export const paymentsKey = (userId: number) => [...usersKey, 'payments', userId] as const;

export function usePayments(userId: number, enabled: boolean) {
  return useQuery({
    queryKey: paymentsKey(userId),
    queryFn: () => api.callRoute(transactionsContract.list, { query: { userId, page: 1, size: 50 } }),
    enabled,
  });
}

export function useLessons(userId: number, page: number, size: number) {
  return useQuery({
    queryKey: [...usersKey, 'lessons', userId, page, size],
    queryFn: () => api.callRoute(lessonsContract.list, { query: { userId, page, size } }),
    placeholderData: keepPreviousData,
  });
}

/** Ratings a student gave or a tutor received. */
export type RatingSide = 'given' | 'received';

export function useUserRatings(userId: number, side: RatingSide, page: number, size: number) {
  const route = side === 'given' ? ratingsContract.listByRater : ratingsContract.listByRatee;
  return useQuery({
    queryKey: [...usersKey, 'ratings', userId, side, page, size],
    queryFn: () => api.callRoute(route, { params: { id: userId }, query: { page, size } }),
    placeholderData: keepPreviousData,
  });
}

/** The rooms the person is in: members and activity only (staff never read the messages). */
export function useUserChats(userId: number, page: number, size: number) {
  return useQuery({
    queryKey: [...usersKey, 'chats', userId, page, size],
    queryFn: () => api.callRoute(chatContract.staffRooms, { params: { userId }, query: { page, size } }),
    placeholderData: keepPreviousData,
  });
}

/** A change to the account: the account, the lists and the audit log read again. */
function useAccountChange<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: usersKey });
      void queryClient.invalidateQueries({ queryKey: auditKeys.all });
    },
  });
}

export const useSetDisabled = (id: number) =>
  useAccountChange((body: { disabled: boolean; reason: string }) =>
    api.callRoute(usersContract.setStatus, { params: { id }, body }),
  );

export const useMarkVerified = (id: number) =>
  useAccountChange((body: { contact: 'email' | 'phone'; reason: string }) =>
    api.callRoute(usersContract.markVerified, { params: { id }, body }),
  );

export const useChangeRole = (id: number) =>
  useAccountChange((body: { role: RoleId; reason: string }) =>
    api.callRoute(usersContract.changeRole, { params: { id }, body }),
  );

export const useRefund = () =>
  useAccountChange((body: { transactionId: number; amountPiastres?: number; reason: string }) =>
    api.callRoute(paymentsContract.refund, { body }),
  );

/** A payment's receipt, as its buyer has it (the same PDF, in the staff's language), saved by the browser. */
export const useDownloadReceipt = () =>
  useMutation({
    mutationFn: async ({ tx, lang }: { tx: Transaction; lang: ReceiptLanguage }) => {
      const { fileName, file } = await fetchReceipt(api, tx, lang);
      downloadBlob(fileName, file);
    },
  });

/** Staff end a student's pause early, with their reason (audited); her subscription is read again. */
export const useEndPauseByStaff = (subscriptionId: number) =>
  useAccountChange((reason: string) =>
    api.callRoute(subscriptionsContract.staffEndPause, { params: { id: subscriptionId }, body: { reason } }),
  );
