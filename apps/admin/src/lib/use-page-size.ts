import { usePaging as useStoredPaging } from '@darsak/ui';

export type { Paging } from '@darsak/ui';

/** Page and page size of a staff table; the size a person picks is remembered per table (spec §9). */
export const usePaging = (table: string) => useStoredPaging(`darsak.admin.pageSize.${table}`);
