import { type AuditListQuery, auditContract } from '@darsak/domain/audit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export type AuditFilter = Omit<AuditListQuery, 'page' | 'size'>;

export const auditKeys = { all: ['staff', 'audit'] as const };

export const fetchAuditPage = (filter: AuditFilter, page: number, size: number) =>
  api.callRoute(auditContract.list, { query: { ...filter, page, size } });

export function useAuditLog(filter: AuditFilter, page: number, size: number) {
  return useQuery({
    queryKey: [...auditKeys.all, filter, page, size],
    queryFn: () => fetchAuditPage(filter, page, size),
    placeholderData: keepPreviousData,
  });
}
