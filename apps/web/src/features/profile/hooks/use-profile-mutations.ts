import { isApiError, topicsKeys, usersKeys } from '@darsak/client';
import type { BodyOf } from '@darsak/domain/contract';
import { studentsContract } from '@darsak/domain/students';
import { topicsContract } from '@darsak/domain/topics';
import { type UpdateUserInput, type User, usersContract } from '@darsak/domain/users';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { authStore } from '../../../lib/auth-store.ts';

/** Keeps the stored user and the cached "current user" in step after any change. */
function useStoreUser() {
  const queryClient = useQueryClient();
  return (user: User) => {
    authStore.updateUser(user);
    queryClient.setQueryData(usersKeys.current(), user);
  };
}

export function useUpdateUser(userId: number) {
  const storeUser = useStoreUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserInput) => api.callRoute(usersContract.update, { params: { id: userId }, body }),
    onSuccess: (user, body) => {
      storeUser(user);
      if (body.bio !== undefined || body.about !== undefined || body.noticePeriodMinutes !== undefined) {
        void queryClient.invalidateQueries({ queryKey: usersKeys.tutorMeta() });
      }
    },
  });
}

export function useUploadAvatar() {
  const storeUser = useStoreUser();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('image', file);
      return api.callRoute(usersContract.uploadAvatar, { body });
    },
    onSuccess: storeUser,
  });
}

export function useReplaceTopics() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (topicIds: number[]) => api.callRoute(topicsContract.replaceOfUser, { body: { topicIds } }),
    onSuccess: (list) => {
      queryClient.setQueryData(topicsKeys.mine(), list);
      void queryClient.invalidateQueries({ queryKey: usersKeys.current() });
    },
  });
}

export const studentKey = (id: number) => ['students', id] as const;

/** The student's learner profile; null when none was created yet. Not asked for (`enabled` false) for tutors. */
export function useStudentProfile(userId: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: studentKey(userId),
    queryFn: async ({ signal }) => {
      try {
        return await api.callRoute(studentsContract.get, { params: { id: userId }, signal });
      } catch (error) {
        if (isApiError(error, 'student-not-found')) return null;
        throw error;
      }
    },
  });
}

export function useSaveStudentProfile(userId: number, exists: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof studentsContract.create>) =>
      exists ? api.callRoute(studentsContract.update, { body }) : api.callRoute(studentsContract.create, { body }),
    onSuccess: (student) => {
      queryClient.setQueryData(studentKey(userId), student);
      void queryClient.invalidateQueries({ queryKey: usersKeys.current() });
    },
  });
}
