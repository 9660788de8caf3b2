import type { LessonEventPayload } from '@darsak/domain/realtime';
import { type SessionToken, sessionsContract } from '@darsak/domain/sessions';
import { Avatar, Badge, Button, buttonClasses, cn, Dialog, EmptyState, Spinner } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { api } from '../../../lib/api.ts';
import { useRealtimeEvent } from '../../../lib/realtime.ts';
import { countdownText, useNow } from '../hooks/use-now.ts';
import type { LiveCall } from '../lib/live-call.ts';
import { useRoomT } from '../lib/room-words.ts';
import { InterviewNotes } from './interview-notes.tsx';
import { LessonClock } from './lesson-clock.tsx';
import {
  CameraIcon,
  CameraOffIcon,
  ChatBubbleIcon,
  HeadphonesIcon,
  LeaveIcon,
  MicIcon,
  MicOffIcon,
} from './session-icons.tsx';
import { VideoView } from './video-view.tsx';
import { WaitingNotice, waitingKindOf } from './waiting-notice.tsx';

/** How a lesson ended before its time, each with its own words on the call screen. */
type EarlyEnd = 'endedForDrop' | 'tutorNeverCame' | 'cancelled';

/**
 * The call: the other member's video (or what the lesson waits for), the user's own video, the camera,
 * microphone, chat and leave controls, and the lesson's chat beside it (below on phones).
 */
export function CallScreen({
  call,
  token,
  userId,
  isStudent,
  localStream,
  renderChat,
  toolbar,
}: {
  call: LiveCall;
  token: SessionToken;
  userId: number;
  isStudent: boolean;
  localStream: MediaStream | null;
  renderChat: (roomId: number) => ReactNode;
  /** Extra actions beside the call controls, below the video (the log export, the problem report). */
  toolbar?: ReactNode;
}) {
  const { format } = useI18n();
  const t = useRoomT(token.type);
  // The interview or demo session of this call, whose manager keeps notes beside it.
  const appointment =
    token.interviewId !== null
      ? { kind: 'interview' as const, id: token.interviewId }
      : token.demoSessionId !== null
        ? { kind: 'demoSession' as const, id: token.demoSessionId }
        : null;
  const state = useSyncExternalStore(call.subscribe, call.getState, call.getState);
  const now = useNow();
  const [chatOpen, setChatOpen] = useState(true);
  const [confirmLeave, setConfirmLeave] = useState(false);
  // The lesson may end before its time: its call stayed down too long, the tutor never came (both by the server,
  // at the platform's settings), or staff cancelled it.
  const [endedEarly, setEndedEarly] = useState<EarlyEnd | null>(null);
  const thisLesson = (lesson: LessonEventPayload) =>
    lesson.lessonId === token.lessonId && Date.now() < Date.parse(token.endsAt);
  useRealtimeEvent('lesson:ended', (lesson) => {
    if (thisLesson(lesson)) setEndedEarly('endedForDrop');
  });
  useRealtimeEvent('lesson:cancelled', (lesson) => {
    if (thisLesson(lesson)) setEndedEarly(lesson.status === 'cancelledByTutor' ? 'tutorNeverCame' : 'cancelled');
  });
  const ended = endedEarly !== null || now >= Date.parse(token.endsAt);

  // Who the other member is, and (for a student waiting past the no-show time) whether the tutor never came.
  const waitingForTutor = isStudent && state.presence === 'absent' && now >= Date.parse(token.noShowAt);
  const session = useQuery({
    queryKey: ['sessions', 'detail', state.sessionId],
    queryFn: ({ signal }) => api.callRoute(sessionsContract.get, { params: { id: state.sessionId ?? 0 }, signal }),
    enabled: state.sessionId !== null,
    refetchInterval: waitingForTutor ? 15_000 : false,
  });
  const peer = session.data?.members.find((m) => m.id !== userId);
  const peerName = peer?.name ?? t('realtime.chat.unknownUser');
  const joinState =
    waitingForTutor && session.data?.joinState === 'tutorDidNotAttend' ? 'tutorDidNotAttend' : state.joinState;

  useEffect(() => {
    if (ended && (state.phase === 'joined' || state.phase === 'rejoining')) call.leave();
  }, [ended, state.phase, call]);

  if (ended) {
    return (
      <EmptyState
        title={t(`realtime.session.${endedEarly ?? 'ended'}.title`)}
        description={t(`realtime.session.${endedEarly ?? 'ended'}.body`)}
        icon={<CameraIcon />}
        action={
          token.lessonId !== null && (
            <Link to={paths.lesson.href(token.lessonId)} className={buttonClasses({ variant: 'secondary' })}>
              {t('realtime.session.seeLesson')}
            </Link>
          )
        }
      />
    );
  }

  if (state.phase === 'left') {
    return (
      <EmptyState
        title={t('realtime.session.left.title')}
        description={t('realtime.session.left.body')}
        icon={<LeaveIcon />}
        action={<Button onClick={() => void call.comeBack()}>{t('realtime.session.rejoin')}</Button>}
      />
    );
  }

  const waiting = waitingKindOf({ now, token, joinState, isStudent, presence: state.presence });
  const connecting = !waiting && state.presence === 'present' && state.link !== 'connected';
  const cameraOn = state.media.camera;
  // the other member's camera is off, their video paused for a weak link, or the call audio only: their last frame
  // would stay frozen
  const peerAskedAudioOnly = state.peerMedia?.audioOnly === true;
  const audioOnly = state.audioOnly || peerAskedAudioOnly;
  const peerVideoOff = state.peerMedia?.camera === false || state.peerMedia?.weakLink === true || audioOnly;
  const micOn = state.media.microphone;
  const hasVideo = (localStream?.getVideoTracks().length ?? 0) > 0;
  const hasAudio = (localStream?.getAudioTracks().length ?? 0) > 0;
  const startsIn = Date.parse(token.startsAt) - now;

  return (
    <div className="-mx-4 -my-6 flex flex-col gap-3 sm:mx-0 sm:my-0 lg:h-[calc(100dvh-8rem)] lg:flex-row">
      <section
        aria-label={t('realtime.session.call')}
        className="relative flex h-[70dvh] min-h-[22rem] flex-col overflow-hidden bg-stone-950 sm:rounded-2xl lg:h-auto lg:flex-1"
      >
        <header className="absolute inset-x-0 top-0 z-10 flex flex-wrap items-center gap-2 bg-gradient-to-b from-black/60 to-transparent p-3 text-sm text-white">
          <span className="font-semibold">{peerName}</span>
          {state.phase === 'rejoining' && <Badge tone="warning">{t('realtime.session.reconnecting')}</Badge>}
          {state.weakLink && <Badge tone="warning">{t('realtime.session.weakLink.mine')}</Badge>}
          {startsIn > 0 && state.presence === 'present' && (
            <Badge tone="info">
              {t('realtime.session.waiting.start.title')} · {countdownText(startsIn, format.number)}
            </Badge>
          )}
          {token.lessonId !== null && (
            <LessonClock
              connected={state.connected}
              startsAt={Date.parse(token.startsAt)}
              endsAt={Date.parse(token.endsAt)}
              now={now}
            />
          )}
          <span className="ms-auto">
            {t('realtime.session.endsIn', { countdown: countdownText(Date.parse(token.endsAt) - now, format.number) })}
          </span>
        </header>

        <div className="relative min-h-0 flex-1">
          {state.remoteStream && !waiting ? (
            <VideoView
              stream={state.remoteStream}
              label={t('realtime.session.remoteVideo', { name: peerName })}
              className={cn('object-contain', peerVideoOff && 'invisible')}
              testId="remote-video"
            />
          ) : null}
          {!waiting && peerVideoOff && (
            <div
              className="absolute inset-0 flex flex-col items-center justify-center gap-3 px-6 text-center text-white"
              role="status"
            >
              <Avatar name={peerName} src={peer?.image} size="xl" decorative />
              <p>
                {state.audioOnly
                  ? t('realtime.session.audioOnly.mine', { name: peerName })
                  : peerAskedAudioOnly
                    ? t('realtime.session.audioOnly.peer', { name: peerName })
                    : state.peerMedia?.weakLink
                      ? t('realtime.session.weakLink.peer', { name: peerName })
                      : t('realtime.session.peerCameraOff')}
              </p>
            </div>
          )}
          {waiting && (
            <div className="absolute inset-0 flex items-center justify-center">
              <WaitingNotice
                token={token}
                joinState={joinState}
                isStudent={isStudent}
                presence={state.presence}
                peerName={peerName}
                peerGender={peer?.gender}
              />
            </div>
          )}
          {connecting && (
            <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-black/40 text-white">
              <Spinner className="size-8" />
              <p role="status">
                {state.phase === 'rejoining' || state.link === 'disconnected' || state.link === 'failed'
                  ? t('realtime.session.reconnecting')
                  : t('realtime.session.connecting', { name: peerName })}
              </p>
            </div>
          )}
          {!waiting && state.peerMedia && !state.peerMedia.microphone && (
            <p
              className="absolute start-3 bottom-3 flex items-center gap-1.5 rounded-full bg-black/60 px-3 py-1 text-sm text-white"
              data-testid="peer-mic-off"
            >
              <MicOffIcon width={16} height={16} />
              {t('realtime.session.peerMicOff')}
            </p>
          )}

          <div className="absolute end-3 bottom-3 aspect-video w-28 overflow-hidden rounded-xl border border-white/30 bg-stone-800 shadow-lg sm:w-44">
            {hasVideo && cameraOn ? (
              <VideoView stream={localStream} muted mirrored label={t('realtime.session.localVideo')} />
            ) : (
              <div className="flex size-full items-center justify-center text-xs text-white/80">
                <CameraOffIcon width={20} height={20} />
                <span className="sr-only">{t('realtime.session.localVideo')}</span>
              </div>
            )}
          </div>
        </div>

        {/* The toolbar (log export, problem report) sits with the controls, below the video, never over it. */}
        <div className="flex flex-wrap items-center justify-center gap-3 bg-stone-950 p-3">
          <ControlButton
            active={micOn}
            disabled={!hasAudio}
            label={micOn ? t('realtime.session.micOn') : t('realtime.session.micOff')}
            icon={micOn ? <MicIcon /> : <MicOffIcon />}
            onClick={() => call.setMedia({ microphone: !micOn })}
          />
          <ControlButton
            active={cameraOn}
            disabled={!hasVideo}
            label={cameraOn ? t('realtime.session.cameraOn') : t('realtime.session.cameraOff')}
            icon={cameraOn ? <CameraIcon /> : <CameraOffIcon />}
            onClick={() => call.setMedia({ camera: !cameraOn })}
          />
          <ControlButton
            active={state.audioOnly}
            neutral
            label={t('realtime.session.audioOnly.switch')}
            icon={<HeadphonesIcon />}
            onClick={() => call.setAudioOnly(!state.audioOnly)}
          />
          <ControlButton
            active={chatOpen}
            neutral
            label={chatOpen ? t('realtime.session.hideChat') : t('realtime.session.showChat')}
            icon={<ChatBubbleIcon />}
            onClick={() => setChatOpen((open) => !open)}
          />
          <button
            type="button"
            onClick={() => setConfirmLeave(true)}
            aria-label={t('realtime.session.leave')}
            className="flex h-12 items-center gap-2 rounded-full bg-red-600 px-5 font-semibold text-white hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            <LeaveIcon />
            <span className="hidden sm:inline" aria-hidden="true">
              {t('realtime.session.leave')}
            </span>
          </button>
          {toolbar}
        </div>
      </section>

      <div className="flex flex-col gap-3 empty:hidden lg:w-96">
        {appointment && <InterviewNotes kind={appointment.kind} id={appointment.id} userId={userId} />}
        {chatOpen && state.roomId !== null && (
          <aside
            aria-label={t('realtime.session.chat')}
            className="flex h-[60dvh] min-h-[20rem] flex-col overflow-hidden border-line bg-surface sm:rounded-2xl sm:border lg:h-auto lg:min-h-0 lg:flex-1"
          >
            <h2 className="border-b border-line px-4 py-3 font-bold text-ink">{t('realtime.session.chat')}</h2>
            {renderChat(state.roomId)}
          </aside>
        )}
      </div>

      <Dialog
        open={confirmLeave}
        onOpenChange={setConfirmLeave}
        size="sm"
        title={t('realtime.session.leaveTitle')}
        description={t('realtime.session.leaveBody')}
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirmLeave(false)}>
            {t('common.cancel')}
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              setConfirmLeave(false);
              call.leave();
            }}
          >
            {t('realtime.session.leave')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

function ControlButton({
  active,
  neutral = false,
  disabled,
  label,
  icon,
  onClick,
}: {
  active: boolean;
  neutral?: boolean;
  disabled?: boolean;
  label: string;
  icon: ReactNode;
  onClick(): void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      aria-pressed={neutral ? active : undefined}
      title={label}
      className={cn(
        'flex size-12 items-center justify-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-40',
        active || neutral ? 'bg-white/15 text-white hover:bg-white/25' : 'bg-red-600 text-white hover:bg-red-700',
        neutral && active && 'bg-primary-600 hover:bg-primary-700',
      )}
    >
      {icon}
    </button>
  );
}
