import type { TutorListFilters } from '@darsak/client';
import { TIMES_OF_DAY, type TimeOfDay } from '@darsak/domain/availability';
import { TUTOR_SORTS, type TutorSort } from '@darsak/domain/tutors';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

const isSort = (value: string | null): value is TutorSort => TUTOR_SORTS.some((sort) => sort === value);
const isTimeOfDay = (value: string | null): value is TimeOfDay => value !== null && Object.hasOwn(TIMES_OF_DAY, value);
const positiveInt = (value: string | null) => {
  const n = Number(value);
  return value !== null && value !== '' && Number.isInteger(n) && n > 0 ? n : undefined;
};

/** The /tutors filters live in the address (?topic=&gender=&day=&time=&sort=), so a filtered list can be shared. */
export function useTutorFilters() {
  const [search, setSearch] = useSearchParams();

  const filters = useMemo<TutorListFilters & { sort: TutorSort }>(() => {
    const gender = search.get('gender');
    const day = search.get('day');
    const weekday = day !== null && /^[0-6]$/.test(day) ? Number(day) : undefined;
    const time = search.get('time');
    const sort = search.get('sort');
    return {
      topicId: positiveInt(search.get('topic')),
      gender: gender === 'male' || gender === 'female' ? gender : undefined,
      weekday,
      timeOfDay: isTimeOfDay(time) ? time : undefined,
      sort: isSort(sort) ? sort : 'recommended',
    };
  }, [search]);

  const setFilter = useCallback(
    (name: 'topic' | 'gender' | 'day' | 'time' | 'sort', value: string) => {
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          if (value === '' || (name === 'sort' && value === 'recommended')) next.delete(name);
          else next.set(name, value);
          return next;
        },
        { replace: true },
      );
    },
    [setSearch],
  );

  const clear = useCallback(() => setSearch(new URLSearchParams(), { replace: true }), [setSearch]);
  const active =
    filters.topicId !== undefined ||
    filters.gender !== undefined ||
    filters.weekday !== undefined ||
    filters.timeOfDay !== undefined;

  /** The query sent to the API: only the filters that are set. */
  const query = useMemo(() => {
    const q: TutorListFilters = { sort: filters.sort };
    if (filters.topicId !== undefined) q.topicId = filters.topicId;
    if (filters.gender !== undefined) q.gender = filters.gender;
    if (filters.weekday !== undefined) q.weekday = filters.weekday;
    if (filters.timeOfDay !== undefined) q.timeOfDay = filters.timeOfDay;
    return q;
  }, [filters]);

  return { filters, query, setFilter, clear, active };
}
