import { DEFAULT_PAGE_SIZE } from '@darsak/domain/common';
import { useState } from 'react';

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

/**
 * Page and page size of a paged list; the size a person picks is remembered in this browser under `storageKey`
 * (one key per list, spec §9). Picking a size goes back to the first page.
 */
export function usePaging(storageKey: string) {
  const [page, setPage] = useState(1);
  const [size, setSizeState] = useState(() => storedSize(storageKey));
  const setSize = (next: number) => {
    setSizeState(next);
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
