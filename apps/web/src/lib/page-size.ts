import { usePaging } from '@darsak/ui';

/** Paging of one of the app's lists, the page size remembered in this browser per list (spec §9, default 10). */
export const useListPaging = (list: string) => usePaging(`darsak.pageSize.${list}`);
