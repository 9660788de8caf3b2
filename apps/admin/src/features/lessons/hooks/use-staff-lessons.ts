import { type StaffLessonListQuery, staffLessonsContract } from '@darsak/domain/lessons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { compactFilter } from '../../../lib/compact-filter.ts';
import { auditKeys } from '../../audit/hooks/use-audit-log.ts';

export type LessonFilter = Omit<StaffLessonListQuery, 'page' | 'size'>;

const lessonsKey = ['staff', 'lessons'] as const;
const recordKey = (id: number) => [...lessonsKey, 'record', id] as const;

export const fetchLessonsPage = (filter: LessonFilter, page: number, size: number) =>
  api.callRoute(staffLessonsContract.list, { query: { ...compactFilter(filter), page, size } });

export function useStaffLessons(filter: LessonFilter, page: number, size: number) {
  return useQuery({
    queryKey: [...lessonsKey, 'list', compactFilter(filter), page, size],
    queryFn: () => fetchLessonsPage(filter, page, size),
    placeholderData: keepPreviousData,
  });
}

export function useLessonRecord(id: number) {
  return useQuery({
    queryKey: recordKey(id),
    queryFn: () => api.callRoute(staffLessonsContract.record, { params: { id } }),
  });
}

/** An admin cancels the lesson; the record, the lists and the audit log read again. */
export function useCancelLesson(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => api.callRoute(staffLessonsContract.cancel, { params: { id }, body: { reason } }),
    onSuccess: (record) => {
      queryClient.setQueryData(recordKey(id), record);
      void queryClient.invalidateQueries({ queryKey: lessonsKey });
      void queryClient.invalidateQueries({ queryKey: ['staff', 'users'] });
      void queryClient.invalidateQueries({ queryKey: auditKeys.all });
    },
  });
}
