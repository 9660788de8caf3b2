import { errorCodeOf, fetchSessionToken, isApiError, sessionsKeys } from '@darsak/client';
import type { SessionTokenQuery } from '@darsak/domain/sessions';
import { Role } from '@darsak/domain/users';
import { Alert, Button, buttonClasses, EmptyState, LoadingAnimation } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { NoWebRtcNotice } from '../../../components/unsupported-browser-notice.tsx';
import { paths } from '../../../config/paths.ts';
import { api } from '../../../lib/api.ts';
import { useCurrentUser } from '../../../lib/auth-store.ts';
import { clientLog, realtime } from '../../../lib/realtime.ts';
import { useLocalMedia } from '../hooks/use-local-media.ts';
import { countdownText, useNow } from '../hooks/use-now.ts';
import { LiveCall, type MediaState } from '../lib/live-call.ts';
import { type RoomKind, useRoomT } from '../lib/room-words.ts';
import { CallScreen } from './call-screen.tsx';
import { AskingForDevices, DeviceProblem } from './device-problem.tsx';
import { ReadyScreen } from './ready-screen.tsx';

const idParam = (value: string | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** Which room the owner opens: an interview's and a demo session's speak of themselves, not of a lesson. */
const kindOf = (owner: SessionTokenQuery): RoomKind =>
  owner.interviewId ? 'interview' : owner.demoSessionId ? 'demoSession' : 'lesson';

/** The call's owner from the address: `?lessonId=`, `?interviewId=` or `?demoSessionId=`. */
function ownerParam(params: URLSearchParams): SessionTokenQuery | null {
  for (const key of ['lessonId', 'interviewId', 'demoSessionId'] as const) {
    const id = idParam(params.get(key));
    if (id) return { [key]: id };
  }
  return null;
}

export interface LiveSessionProps {
  /** The lesson's chat (the page composes it from the chat feature). */
  renderChat: (roomId: number) => ReactNode;
  /** The log export, offered in the call and on the problem screens. */
  logExport?: ReactNode;
}

/**
 * /session?lessonId=… (or interviewId, demoSessionId: interviews and demo sessions use the same room): checks the
 * browser, then the ready-to-join screen, the waiting states and the call.
 */
export function LiveSessionPage(props: LiveSessionProps) {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const owner = ownerParam(params);
  if (typeof globalThis.RTCPeerConnection !== 'function') return <NoWebRtcNotice />;
  if (!owner)
    return (
      <Alert
        tone="error"
        title={t('realtime.session.missingLesson')}
        action={
          <Link to={paths.upcomingLessons.href()} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
            {t('realtime.session.backToLessons')}
          </Link>
        }
      />
    );
  return <LiveSession key={JSON.stringify(owner)} owner={owner} {...props} />;
}

function LiveSession({ owner, renderChat, logExport }: LiveSessionProps & { owner: SessionTokenQuery }) {
  const kind = kindOf(owner);
  const t = useRoomT(kind);
  const user = useCurrentUser();
  const media = useLocalMedia();
  const [call, setCall] = useState<LiveCall | null>(null);
  const token = useQuery({
    queryKey: sessionsKeys.token(owner),
    queryFn: ({ signal }) => fetchSessionToken(api, owner, signal),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

  // Ask for the camera and microphone as soon as the session is open for this user.
  const { acquire } = media;
  useEffect(() => {
    if (token.isSuccess) void acquire();
  }, [token.isSuccess, acquire]);
  useEffect(() => {
    if (token.isError) clientLog.warn('call', 'session token refused', errorCodeOf(token.error));
  }, [token.isError, token.error]);
  useEffect(() => {
    if (!call) return;
    // Closing the tab (or leaving the site) is leaving the call by choice, not a drop: a lesson counts the two apart.
    const leave = () => call.close();
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      call.close();
    };
  }, [call]);

  if (!user) return null;
  const isStudent = user.role === Role.student;

  if (token.isPending) return <LoadingAnimation />;
  if (token.isError) {
    return <SessionUnavailable kind={kind} error={token.error} onRetry={() => void token.refetch()} />;
  }

  if (call) {
    return (
      <CallScreen
        call={call}
        token={token.data}
        userId={user.id}
        isStudent={isStudent}
        localStream={media.stream}
        renderChat={renderChat}
        toolbar={logExport}
      />
    );
  }

  const join = (start: MediaState) => {
    clientLog.info('call', 'join asked', start);
    const created = new LiveCall({
      userId: user.id,
      realtime,
      fetchToken: () => fetchSessionToken(api, owner),
      localStream: media.stream,
      media: start,
      log: clientLog,
    });
    setCall(created);
    void created.join();
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-ink sm:text-3xl">{t('realtime.session.title')}</h1>
        {logExport}
      </div>
      {media.status === 'problem' && media.problem ? (
        <DeviceProblem problem={media.problem} onRetry={() => void media.acquire()} onSkip={media.skip} />
      ) : media.status === 'idle' || (media.status === 'asking' && !media.stream) ? (
        <AskingForDevices kind={kind} />
      ) : (
        <ReadyScreen media={media} token={token.data} isStudent={isStudent} joining={false} onJoin={join} />
      )}
    </div>
  );
}

/** The session cannot be joined: not open yet (with a countdown, then it opens by itself), over, or not theirs. */
function SessionUnavailable({ kind, error, onRetry }: { kind: RoomKind; error: unknown; onRetry(): void }) {
  const { format, errorMessage } = useI18n();
  const t = useRoomT(kind);
  const user = useCurrentUser();
  const now = useNow();
  const details = isApiError(error) ? (error.details as { opensAt?: string; endsAt?: string; joinState?: string }) : {};
  const opensAt = details?.opensAt ? Date.parse(details.opensAt) : null;
  const notYet = isApiError(error, 'session-not-open') && opensAt !== null && now < opensAt;

  useEffect(() => {
    if (!notYet || opensAt === null) return;
    const timer = setTimeout(onRetry, Math.max(0, opensAt - Date.now()) + 500);
    return () => clearTimeout(timer);
  }, [notYet, opensAt, onRetry]);

  // Back to where this call was opened from: the lessons, the manager's interviews, or the applicant's steps.
  const [backHref, backLabel] =
    kind === 'lesson'
      ? [paths.upcomingLessons.href(), t('realtime.session.backToLessons')]
      : user?.role === Role.tutorManager
        ? [paths.interviews.href(), t('realtime.session.backToAppointments')]
        : [paths.tutorOnboarding.href(), t('realtime.session.backToOnboarding')];
  const back = (
    <Link to={backHref} className={buttonClasses({ variant: 'secondary' })}>
      {backLabel}
    </Link>
  );
  if (isApiError(error, 'session-not-open')) {
    if (details?.joinState === 'tutorDidNotAttend')
      return (
        <EmptyState
          title={t('realtime.session.noShow.title')}
          description={t('realtime.session.noShow.body')}
          action={back}
        />
      );
    return (
      <EmptyState
        title={t('realtime.session.notOpen.title')}
        description={
          notYet && opensAt !== null
            ? `${t('realtime.session.notOpen.body')} ${t('realtime.session.notOpen.opensAt', { time: format.dateTime(opensAt) })} (${countdownText(opensAt - now, format.number)})`
            : t('realtime.session.notOpen.ended')
        }
        action={back}
      />
    );
  }
  const code = errorCodeOf(error);
  const title =
    code === 'forbidden'
      ? t('realtime.session.forbidden')
      : code === 'lesson-not-found' || code === 'interview-not-found' || code === 'demo-session-not-found'
        ? t('realtime.session.lessonNotFound')
        : errorMessage(code);
  return (
    <Alert
      tone="error"
      title={t('realtime.session.joinFailed')}
      action={
        code === 'forbidden' || code?.endsWith('-not-found') ? (
          back
        ) : (
          <Button size="sm" variant="secondary" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )
      }
    >
      {title}
    </Alert>
  );
}
