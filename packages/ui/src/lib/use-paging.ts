import { DEFAULT_PAGE_SIZE } from '@darsak/domain/common';
import { useState, useSyncExternalStore } from 'react';

/** The page sizes a person may pick for a paged list (spec §9: 10 unless they chose otherwise). */
export const PAGE_SIZES = [10, 20, 50, 100] as const;

function storedSize(storageKey: string): number {
  try {
    const value = Number(localStorage.getItem(storageKey));
    return (PAGE_SIZES as readonly number[]).includes(value) ? value : DEFAULT_PAGE_SIZE;
  } catch {
    return DEFAULT_PAGE_SIZE;
  }
}

/** The stored size changes only through `setSize`, which re-renders by itself. */
const noSubscription = () => () => {};

/**
 * Page and page size of a paged list; the size a person picks is remembered in this browser under `storageKey`
 * (one key per list, spec §9). Picking a size goes back to the first page.
 */
export function usePaging(storageKey: string) {
  const [page, setPage] = useState(1);
  // A server-rendered page is hydrated with the default size (what the server rendered), then the stored one.
  const stored = useSyncExternalStore(
    noSubscription,
    () => storedSize(storageKey),
    () => DEFAULT_PAGE_SIZE,
  );
  const [chosen, setChosen] = useState<number>();
  const size = chosen ?? stored;
  const setSize = (next: number) => {
    setChosen(next);
    setPage(1);
    try {
      localStorage.setItem(storageKey, String(next));
    } catch {
      // Storage refused (private mode): the size still applies to this visit.
    }
  };
  return { page, setPage, size, setSize };
}
export type Paging = ReturnType<typeof usePaging>;
