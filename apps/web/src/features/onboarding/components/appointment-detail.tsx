import { type AppointmentKind, appointmentQuery, onboardingKeys } from '@darsak/client';
import {
  type DemoSession,
  demoSessionsContract,
  type Interview,
  interviewsContract,
  type UpdateDemoSessionInput,
  type UpdateInterviewInput,
} from '@darsak/domain/interviews';
import { ENGLISH_LEVEL_LABELS, type EnglishLevel } from '@darsak/domain/users';
import {
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Dialog,
  FormError,
  LoadingAnimation,
  SelectField,
  TextareaField,
  useToast,
} from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { api } from '../../../lib/api.ts';
import { useDateFormat } from '../../../lib/date-format.ts';
import { useErrorText } from '../../../lib/forms.ts';
import { useOnboardingRealtime } from '../hooks/use-onboarding-realtime.ts';
import { AppointmentActions } from './appointment-actions.tsx';
import { STATUS_TONE } from './staff-appointments.tsx';

/** /interview/{id} and /demo-session/{id}: the applicant, their intro video, the call, and the decision. */
export function AppointmentDetail({ kind, id }: { kind: AppointmentKind; id: number }) {
  const { t } = useI18n();
  const dates = useDateFormat();
  const appointment = useQuery(appointmentQuery(api, kind, id));
  useOnboardingRealtime({ staff: true });

  if (appointment.isPending) return <LoadingAnimation />;
  if (appointment.isError) return <LoadError error={appointment.error} onRetry={() => void appointment.refetch()} />;
  const a = appointment.data;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={`${t(`onboarding.kind.${kind}`)} — ${a.applicant.name}`}
        subtitle={dates.dayTime(a.startsAt)}
        actions={
          <Badge tone={STATUS_TONE[a.status as 1 | 2 | 3] ?? 'neutral'}>
            {t(`onboarding.status.${kind}.${a.status}` as 'onboarding.status.interview.1')}
          </Badge>
        }
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <Card className="flex flex-col gap-3">
          <h2 className="font-bold text-ink">{t('onboarding.detail.applicant')}</h2>
          <div className="flex items-center gap-3">
            <Avatar name={a.applicant.name} src={a.applicant.image} />
            <span className="font-semibold text-ink">{a.applicant.name}</span>
          </div>
          <AppointmentActions kind={kind} appointment={a} canCancelAfterStart />
          {a.cancelReason === 'interviewerDidNotAttend' && <Alert tone="warning">{t('onboarding.didNotAttend')}</Alert>}
        </Card>
        <Card className="flex flex-col gap-3">
          <h2 className="font-bold text-ink">{t('onboarding.detail.introVideo')}</h2>
          {a.introVideoUrl ? (
            // biome-ignore lint/a11y/useMediaCaption: the applicant's self-recorded introduction
            <video
              src={api.url(a.introVideoUrl)}
              controls
              preload="metadata"
              className="aspect-video w-full rounded-lg bg-black"
            />
          ) : (
            <p className="text-muted">{t('onboarding.detail.noVideo')}</p>
          )}
        </Card>
      </div>
      {a.status === 1 ? <DecisionForm kind={kind} appointment={a} /> : <Outcome kind={kind} appointment={a} />}
    </div>
  );
}

function Outcome({ kind, appointment }: { kind: AppointmentKind; appointment: Interview | DemoSession }) {
  const { t, locale } = useI18n();
  const level = 'level' in appointment ? appointment.level : null;
  if (!appointment.decidedAt) return null;
  return (
    <Card className="flex flex-col gap-2">
      <h2 className="font-bold text-ink">{t('onboarding.detail.outcome')}</h2>
      <p>{t(`onboarding.status.${kind}.${appointment.status}` as 'onboarding.status.interview.1')}</p>
      {level && (
        <p>
          {t('onboarding.detail.level')}: {ENGLISH_LEVEL_LABELS[level as EnglishLevel][locale]}
        </p>
      )}
      {appointment.feedback && (
        <p>
          {t('onboarding.detail.feedback')}: {appointment.feedback}
        </p>
      )}
      {appointment.note && (
        <p className="text-muted">
          {t('onboarding.detail.note')}: {appointment.note}
        </p>
      )}
    </Card>
  );
}

/** Passed or rejected, with feedback, a note and (interviews) the English level; only after the start. */
function DecisionForm({ kind, appointment }: { kind: AppointmentKind; appointment: Interview | DemoSession }) {
  const { t, locale, format } = useI18n();
  const dates = useDateFormat();
  const errorText = useErrorText();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<'passed' | 'rejected'>('passed');
  const [feedback, setFeedback] = useState('');
  const [note, setNote] = useState('');
  const [level, setLevel] = useState('');
  const [confirming, setConfirming] = useState(false);
  const decide = useMutation({
    mutationFn: () => {
      const base = {
        id: appointment.id,
        action: 'decide' as const,
        outcome,
        ...(note.trim() ? { note: note.trim() } : {}),
      };
      if (kind === 'interview') {
        const body: UpdateInterviewInput = { ...base, feedback: feedback.trim(), level: Number(level) as EnglishLevel };
        return api.callRoute(interviewsContract.update, { body });
      }
      const body: UpdateDemoSessionInput = { ...base, ...(feedback.trim() ? { feedback: feedback.trim() } : {}) };
      return api.callRoute(demoSessionsContract.update, { body });
    },
    onSuccess: () => {
      setConfirming(false);
      toast({ type: 'success', title: t('onboarding.decide.done') });
      void queryClient.invalidateQueries({ queryKey: onboardingKeys.all });
    },
  });
  const started = Date.now() >= Date.parse(appointment.startsAt);
  const needsFeedback = kind === 'interview';
  const complete = (!needsFeedback || (feedback.trim() !== '' && level !== '')) && started;

  return (
    <Card className="flex flex-col gap-4">
      <h2 className="font-bold text-ink">{t('onboarding.decide.title')}</h2>
      {!started && (
        <Alert tone="info">{t('onboarding.decide.notStarted', { when: dates.dayTime(appointment.startsAt) })}</Alert>
      )}
      <fieldset className="flex flex-col gap-2" disabled={!started}>
        <legend className="mb-1 text-sm font-semibold text-ink">{t('onboarding.decide.outcome')}</legend>
        <div className="flex gap-4">
          {(['passed', 'rejected'] as const).map((value) => (
            <label key={value} className="flex items-center gap-2">
              <input type="radio" name="outcome" checked={outcome === value} onChange={() => setOutcome(value)} />
              {t(`onboarding.decide.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {kind === 'interview' && (
        <SelectField
          label={t('onboarding.detail.level')}
          required
          disabled={!started}
          value={level}
          placeholder={t('onboarding.decide.chooseLevel')}
          onChange={(event) => setLevel(event.target.value)}
          options={Object.entries(ENGLISH_LEVEL_LABELS).map(([value, label]) => ({
            value,
            label: `${format.number(Number(value))} — ${label[locale]}`,
          }))}
        />
      )}
      <TextareaField
        label={t('onboarding.detail.feedback')}
        required={needsFeedback}
        disabled={!started}
        maxLength={2000}
        value={feedback}
        onChange={(event) => setFeedback(event.target.value)}
      />
      <TextareaField
        label={t('onboarding.detail.note')}
        disabled={!started}
        maxLength={1000}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      <div>
        <Button disabled={!complete} onClick={() => setConfirming(true)}>
          {t('onboarding.decide.submit')}
        </Button>
      </div>
      <Dialog open={confirming} onOpenChange={setConfirming} title={t('onboarding.decide.title')} size="sm">
        <div className="flex flex-col gap-4">
          <p className="text-ink">{t('onboarding.decide.confirm')}</p>
          <FormError message={decide.error ? errorText(decide.error) : undefined} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </Button>
            <Button loading={decide.isPending} onClick={() => decide.mutate()}>
              {t('onboarding.decide.submit')}
            </Button>
          </div>
        </div>
      </Dialog>
    </Card>
  );
}
