import type { RoomType } from '@darsak/domain/sessions';
import { type MessageKey, type Translate, useI18n } from '@darsak/ui/i18n';

/** What a call belongs to: lessons, interviews and demo sessions share one room. */
export type RoomKind = Exclude<RoomType, 'general'>;

/** The room's texts that name the lesson; each has an interview and a demo-session wording beside it. */
const NAMING_THE_LESSON = new Set<MessageKey>([
  'realtime.session.title',
  'realtime.session.notOpen.body',
  'realtime.session.notOpen.ended',
  'realtime.session.forbidden',
  'realtime.session.lessonNotFound',
  'realtime.session.ready.join',
  'realtime.session.ready.lessonAt',
  'realtime.session.devices.asking.body',
  'realtime.session.waiting.start.title',
  'realtime.session.waiting.start.body',
  'realtime.session.call',
  'realtime.session.chat',
  'realtime.session.leave',
  'realtime.session.leaveTitle',
  'realtime.session.leaveBody',
  'realtime.session.left.title',
  'realtime.session.left.body',
  'realtime.session.rejoin',
  'realtime.session.ended.title',
  'realtime.session.ended.body',
]);

/** The key as this room words it: `<key>.interview` or `<key>.demoSession` outside lessons. */
export const roomKey = (key: MessageKey, kind: RoomKind): MessageKey =>
  kind !== 'lesson' && NAMING_THE_LESSON.has(key) ? (`${key}.${kind}` as MessageKey) : key;

/** `t` in the room's own words: an interview's room never speaks of a lesson. */
export function useRoomT(kind: RoomKind): Translate {
  const { t } = useI18n();
  return ((key, ...vars) => t(roomKey(key, kind) as typeof key, ...vars)) as Translate;
}
