export * from './realtime.events.ts';
