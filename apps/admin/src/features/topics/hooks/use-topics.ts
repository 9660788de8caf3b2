import { type Topic, topicsContract } from '@darsak/domain/topics';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const topicsKey = ['staff', 'topics'] as const;

export const useTopics = () => useQuery({ queryKey: topicsKey, queryFn: () => api.callRoute(topicsContract.list) });

function useTopicChange<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => void queryClient.invalidateQueries({ queryKey: topicsKey }) });
}

export const useSaveTopic = () =>
  useTopicChange(({ id, names }: { id: number | null; names: Topic }) =>
    id === null
      ? api.callRoute(topicsContract.create, { body: names })
      : api.callRoute(topicsContract.update, { params: { id }, body: names }),
  );

export const useRemoveTopic = () =>
  useTopicChange((id: number) => api.callRoute(topicsContract.remove, { params: { id } }));
