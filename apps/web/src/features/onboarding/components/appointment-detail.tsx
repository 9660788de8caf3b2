import { type AppointmentKind, appointmentQuery, onboardingKeys, updateAppointment } from '@darsak/client';
import type { DemoSession, Interview } from '@darsak/domain/interviews';
import { ENGLISH_LEVEL_LABELS, type EnglishLevel } from '@darsak/domain/users';
import {
  Alert,
  type AppointmentDecision,
  AppointmentDecisionForm,
  Avatar,
  Badge,
  Card,
  LoadingAnimation,
  useToast,
} from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** The outcome, recorded through the shared decision form; a saved decision swaps it for the outcome card. */
function DecisionForm({ kind, appointment }: { kind: AppointmentKind; appointment: Interview | DemoSession }) {
  const { t } = useI18n();
  const dates = useDateFormat();
  const errorText = useErrorText();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const decide = useMutation({
    mutationFn: (decision: AppointmentDecision) => updateAppointment(api, kind, decision),
    onSuccess: () => {
      toast({ type: 'success', title: t('onboarding.decide.done') });
      void queryClient.invalidateQueries({ queryKey: onboardingKeys.all });
    },
  });
  return (
    <Card className="flex flex-col gap-4">
      <h2 className="font-bold text-ink">{t('onboarding.decide.title')}</h2>
      <AppointmentDecisionForm
        kind={kind}
        appointment={appointment}
        startsAtText={dates.dayTime(appointment.startsAt)}
        submitting={decide.isPending}
        error={decide.error ? errorText(decide.error) : undefined}
        onDecide={(decision) => decide.mutate(decision)}
      />
    </Card>
  );
}
