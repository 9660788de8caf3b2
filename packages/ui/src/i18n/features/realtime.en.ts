import type { realtimeAr } from './realtime.ar.ts';

/** English messages of the realtime features: every key of the Arabic file, checked by the type. */
export const realtimeEn: Record<keyof typeof realtimeAr, string> = {};
