/** Arabic messages of the realtime features (web and admin); keys start with 'realtime.'. */
export const realtimeAr = {} as const;
