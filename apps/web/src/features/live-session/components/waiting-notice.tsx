import type { SessionJoinState, SessionToken } from '@darsak/domain/sessions';
import type { Gender } from '@darsak/domain/users';
import { Alert, ClockIcon, cn } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useCurrentUser } from '../../../lib/auth-store.ts';
import { Role } from '../../../lib/roles.ts';
import { TutorAbsentButton } from '../../lessons/components/tutor-absent.tsx';
import { countdownText, useNow } from '../hooks/use-now.ts';
import type { PeerPresence } from '../lib/live-call.ts';
import { useRoomT } from '../lib/room-words.ts';

export type WaitingKind = 'start' | 'tutor' | 'student' | 'noShow' | 'dropped' | 'left';

/**
 * What the join screen waits for (spec §4 session join): the start, then (for the student) the tutor until the
 * no-show time, or (for the tutor) the student; null when the call can go on.
 */
export function waitingKindOf(input: {
  now: number;
  token: Pick<SessionToken, 'startsAt' | 'noShowAt'>;
  joinState: SessionJoinState | null;
  isStudent: boolean;
  presence?: PeerPresence | undefined;
}): WaitingKind | null {
  const { now, token, joinState, isStudent, presence } = input;
  if (presence === 'present') return null;
  if (isStudent && joinState === 'tutorDidNotAttend') return 'noShow';
  if (presence === 'dropped') return 'dropped';
  if (presence === 'left') return 'left';
  if (now < Date.parse(token.startsAt)) return 'start';
  // Before joining, the server's join state speaks of the tutor only: a tutor is not told to wait for anyone.
  if (presence === undefined && (joinState === null || !isStudent)) return null;
  return isStudent ? 'tutor' : 'student';
}

/** The waiting line of the ready screen (compact) or the call's stage while the other member is not in. */
export function WaitingNotice({
  token,
  joinState,
  isStudent,
  presence,
  peerName,
  peerGender,
  compact = false,
}: {
  token: SessionToken;
  joinState: SessionJoinState | null;
  isStudent: boolean;
  presence?: PeerPresence;
  peerName?: string;
  /** Words the lines that name the other member (her, him); masculine when not known (the ready screen). */
  peerGender?: Gender | null;
  compact?: boolean;
}) {
  const { format } = useI18n();
  const t = useRoomT(token.type);
  const interviewer = useCurrentUser()?.role === Role.tutorManager;
  const now = useNow();
  const kind = waitingKindOf({ now, token, joinState, isStudent, presence });
  if (!kind) return null;
  // The student of a lesson the tutor missed ends it here; the lesson's page then shows the minutes back.
  const endLesson =
    kind === 'noShow' && token.lessonId !== null ? <EndAsTutorAbsent token={token} lessonId={token.lessonId} /> : null;
  const countdown = (until: string) => countdownText(Date.parse(until) - now, format.number);
  const name = peerName ?? t('realtime.chat.unknownUser');
  const gender = peerGender ?? null;
  const content: Record<WaitingKind, { title: string; body: string }> = {
    start: {
      title: t('realtime.session.waiting.start.title'),
      body: t('realtime.session.waiting.start.body', { countdown: countdown(token.startsAt) }),
    },
    tutor: {
      title: t('realtime.session.waiting.tutor.title', { gender }),
      body:
        now < Date.parse(token.noShowAt)
          ? `${t('realtime.session.waiting.tutor.body', { gender })} ${t('realtime.session.waiting.noShowIn', { countdown: countdown(token.noShowAt) })}`
          : t('realtime.session.waiting.tutor.body', { gender }),
    },
    // Outside lessons nobody is a student: the interviewer waits for the applicant, the applicant for them.
    student:
      token.type === 'lesson'
        ? {
            title: t('realtime.session.waiting.student.title', { gender }),
            body: t('realtime.session.waiting.student.body', { gender }),
          }
        : interviewer
          ? {
              title: t('realtime.session.waiting.applicant.title'),
              body: t('realtime.session.waiting.applicant.body'),
            }
          : {
              title: t('realtime.session.waiting.interviewer.title'),
              body: t('realtime.session.waiting.interviewer.body'),
            },
    noShow: {
      title: t('realtime.session.noShow.title'),
      body: endLesson ? t('booking.absent.notice') : t('realtime.session.noShow.body'),
    },
    dropped: { title: t('realtime.session.peerDropped', { name, gender }), body: '' },
    left: { title: t('realtime.session.peerLeft', { name, gender }), body: '' },
  };
  const { title, body } = content[kind];
  if (compact)
    return (
      <Alert tone={kind === 'noShow' ? 'error' : 'info'} title={title}>
        {body || undefined}
        {/* Below the text, not beside it: the ready screen's column is narrow even on a desktop. */}
        {endLesson && <div className="mt-3">{endLesson}</div>}
      </Alert>
    );
  return (
    <div className="flex max-w-md flex-col items-center gap-3 px-6 text-center text-white">
      <div role="status" className="contents">
        <span
          className={cn(
            'flex size-14 items-center justify-center rounded-full',
            kind === 'noShow' ? 'bg-red-500/30' : 'bg-white/15',
          )}
          aria-hidden="true"
        >
          <ClockIcon width={28} height={28} />
        </span>
        <p className="text-xl font-bold">{title}</p>
        {body && <p className="text-white/85">{body}</p>}
      </div>
      {endLesson}
    </div>
  );
}

function EndAsTutorAbsent({ token, lessonId }: { token: SessionToken; lessonId: number }) {
  const navigate = useNavigate();
  const minutes = Math.round((Date.parse(token.endsAt) - Date.parse(token.startsAt)) / 60_000);
  return (
    <TutorAbsentButton
      lessonId={lessonId}
      durationMinutes={minutes}
      onEnded={() => void navigate(paths.lesson.href(lessonId))}
    />
  );
}
