/** Only the filters that are set, so a list's URL stays short and its cache key stable. */
export const compactFilter = <F extends object>(filter: F): F =>
  Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== '')) as F;
