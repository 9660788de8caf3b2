import { onboardingStatusQuery } from '@darsak/client';
import type { Onboarding, OnboardingStep, OnboardingStepView } from '@darsak/domain/interviews';
import { Alert, Badge, type BadgeTone, buttonClasses, Card, cn, LoadingAnimation } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { api } from '../../../lib/api.ts';
import { useCurrentUser } from '../../../lib/auth-store.ts';
import { useDateFormat } from '../../../lib/date-format.ts';
import { useOnboardingRealtime } from '../hooks/use-onboarding-realtime.ts';
import { AppointmentActions } from './appointment-actions.tsx';
import { BookAppointment } from './book-appointment.tsx';
import { IntroVideoUpload } from './intro-video-upload.tsx';

const TONES: Record<OnboardingStepView['state'], BadgeTone> = {
  locked: 'neutral',
  todo: 'accent',
  waiting: 'info',
  rejected: 'error',
  done: 'success',
};

const reapplyOpen = (step: OnboardingStepView) => step.reapplyAt !== null && Date.parse(step.reapplyAt) <= Date.now();

/** /t/onboarding: the six steps in order, where the applicant stands, what happens next and the dates that matter. */
export function OnboardingSteps() {
  const { t } = useI18n();
  const status = useQuery(onboardingStatusQuery(api));
  useOnboardingRealtime({ staff: false });

  if (status.isPending) return <LoadingAnimation />;
  if (status.isError) return <LoadError error={status.error} onRetry={() => void status.refetch()} />;
  return (
    <ol className="flex flex-col gap-3" aria-label={t('onboarding.steps')}>
      {status.data.steps.map((step, index) => (
        <StepCard key={step.step} step={step} number={index + 1} current={status.data.current === step.step}>
          {status.data.current === step.step || step.step === 'activated' ? (
            <StepBody step={step} status={status.data} />
          ) : (
            <PassedFeedback step={step} status={status.data} />
          )}
        </StepCard>
      ))}
    </ol>
  );
}

function StepCard({
  step,
  number,
  current,
  children,
}: {
  step: OnboardingStepView;
  number: number;
  current: boolean;
  children: ReactNode;
}) {
  const { t, format } = useI18n();
  const dates = useDateFormat();
  return (
    <li aria-current={current ? 'step' : undefined}>
      <Card className={cn('flex flex-col gap-3', current && 'ring-2 ring-primary-500')}>
        <div className="flex items-start gap-3">
          <span
            aria-hidden
            className={cn(
              'flex size-9 shrink-0 items-center justify-center rounded-full font-bold',
              step.state === 'done' ? 'bg-emerald-600 text-white' : 'bg-stone-100 text-ink',
            )}
          >
            {format.number(number)}
          </span>
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="text-lg font-bold text-ink">{t(`onboarding.step.${step.step}`)}</h2>
              <Badge tone={TONES[step.state]}>{t(`onboarding.state.${step.state}`)}</Badge>
            </div>
            <p className="text-sm text-muted">{t(`onboarding.about.${step.step}`)}</p>
            {step.state === 'done' && step.at && (
              <p className="text-sm text-muted">{t('onboarding.doneAt', { date: dates.day(step.at) })}</p>
            )}
          </div>
        </div>
        {children}
      </Card>
    </li>
  );
}

/** The interviewer's feedback on a passed interview or demo session, kept on its step once the applicant moves on. */
function PassedFeedback({ step, status }: { step: OnboardingStepView; status: Onboarding }) {
  const { t } = useI18n();
  const appointment =
    step.step === 'interview' ? status.interview : step.step === 'demoSession' ? status.demoSession : null;
  if (step.state !== 'done' || !appointment?.feedback) return null;
  return <Alert tone="success">{t('onboarding.feedback', { note: appointment.feedback })}</Alert>;
}

/** What the applicant can do or expect now at this step. */
function StepBody({ step, status }: { step: OnboardingStepView; status: Onboarding }) {
  const { t } = useI18n();
  const dates = useDateFormat();
  const user = useCurrentUser();
  const reapply = step.reapplyAt && (
    <Alert tone={reapplyOpen(step) ? 'info' : 'warning'}>
      {reapplyOpen(step) ? t('onboarding.reapplyNow') : t('onboarding.reapplyAt', { date: dates.day(step.reapplyAt) })}
    </Alert>
  );
  const kinds: Partial<Record<OnboardingStep, 'interview' | 'demoSession'>> = {
    interview: 'interview',
    demoSession: 'demoSession',
  };

  switch (step.step) {
    case 'profile':
      return (
        <Link to={paths.tutorCompleteProfile.href()} className={buttonClasses({ className: 'self-start' })}>
          {t('onboarding.profile.open')}
        </Link>
      );
    case 'introVideo': {
      const video = status.introVideo;
      if (step.state === 'waiting') return <Alert tone="info">{t('onboarding.waiting.introVideo')}</Alert>;
      return (
        <div className="flex flex-col gap-3">
          {step.state === 'rejected' && video?.reviewNote && (
            <Alert tone="error">{t('onboarding.rejectedNote', { note: video.reviewNote })}</Alert>
          )}
          {reapply}
          {(step.state === 'todo' || reapplyOpen(step)) && <IntroVideoUpload />}
        </div>
      );
    }
    case 'interview':
    case 'demoSession': {
      const kind = kinds[step.step] ?? 'interview';
      const appointment = kind === 'interview' ? status.interview : status.demoSession;
      if (step.state === 'waiting' && appointment) {
        return (
          <div className="flex flex-col gap-3">
            <p className="text-ink">
              {t('onboarding.appointment.with', { name: appointment.manager.name })} —{' '}
              <time dateTime={appointment.startsAt}>{dates.dayTime(appointment.startsAt)}</time>
            </p>
            <AppointmentActions kind={kind} appointment={appointment} />
          </div>
        );
      }
      return (
        <div className="flex flex-col gap-3">
          {step.state === 'rejected' && appointment?.feedback && (
            <Alert tone="error">{t('onboarding.feedback', { note: appointment.feedback })}</Alert>
          )}
          {appointment?.cancelReason === 'interviewerDidNotAttend' && (
            <Alert tone="warning">{t('onboarding.didNotAttend')}</Alert>
          )}
          {reapply}
          {(step.state === 'todo' || reapplyOpen(step)) && (
            <>
              <h3 className="font-semibold text-ink">{t(`onboarding.book.${kind}`)}</h3>
              <BookAppointment kind={kind} />
            </>
          )}
        </div>
      );
    }
    case 'photoSession':
      return <Alert tone="info">{t('onboarding.waiting.photoSession')}</Alert>;
    case 'activated':
      if (step.state !== 'done')
        return step.state === 'waiting' ? <Alert tone="info">{t('onboarding.waiting.activated')}</Alert> : null;
      return (
        <Alert tone="success" title={t('onboarding.complete.title', { gender: user?.gender })}>
          <p>{t('onboarding.complete.body', { gender: user?.gender })}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            {user && (
              <Link to={paths.tutor.href(user.id)} className={buttonClasses({ size: 'sm' })}>
                {t('onboarding.complete.viewProfile')}
              </Link>
            )}
            <Link to={paths.scheduleManagement.href()} className={buttonClasses({ size: 'sm', variant: 'secondary' })}>
              {t('onboarding.complete.schedule')}
            </Link>
          </div>
        </Alert>
      );
  }
}
