import { availabilityContract } from '@darsak/domain/availability';
import { queryOptions } from '@tanstack/react-query';
import type { HttpClient } from '../http.ts';
import { availabilityKeys, type FreeTimesFilter } from './availability.keys.ts';

/** A tutor's weekly schedule; without a tutor id, the signed-in tutor's own. */
export const slotsQuery = (http: HttpClient, tutorId?: number) =>
  queryOptions({
    queryKey: availabilityKeys.slots(tutorId ?? 'me'),
    queryFn: ({ signal }) => http.callRoute(availabilityContract.list, { query: tutorId ? { tutorId } : {}, signal }),
  });

/**
 * The times a lesson of this length can really start (inside the slots, past the notice, not taken, inside the
 * signed-in student's week). Never cached for long: someone else may take a time at any moment.
 */
export const freeTimesQuery = (http: HttpClient, filter: FreeTimesFilter) =>
  queryOptions({
    queryKey: availabilityKeys.freeFor(filter),
    queryFn: ({ signal }) => http.callRoute(availabilityContract.free, { query: filter, signal }),
    staleTime: 0,
  });
