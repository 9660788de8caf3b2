import { DEFAULT_PAGE_SIZE } from '@darsak/domain/common';
import { useState } from 'react';

export const PAGE_SIZES = [10, 20, 50, 100] as const;
const keyOf = (table: string) => `darsak.admin.pageSize.${table}`;

function storedSize(table: string): number {
  try {
    const value = Number(localStorage.getItem(keyOf(table)));
    return (PAGE_SIZES as readonly number[]).includes(value) ? value : DEFAULT_PAGE_SIZE;
  } catch {
    return DEFAULT_PAGE_SIZE;
  }
}

/** Page and page size of a staff table; the size a person picks is remembered per table (spec §9). */
export function usePaging(table: string) {
  const [page, setPage] = useState(1);
  const [size, setSizeState] = useState(() => storedSize(table));
  const setSize = (next: number) => {
    setSizeState(next);
    setPage(1);
    try {
      localStorage.setItem(keyOf(table), String(next));
    } catch {
      // Storage refused (private mode): the size still applies to this visit.
    }
  };
  return { page, setPage, size, setSize };
}
export type Paging = ReturnType<typeof usePaging>;
