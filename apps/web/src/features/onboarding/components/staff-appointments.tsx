import { type AppointmentKind, appointmentsQuery } from '@darsak/client';
import {
  Avatar,
  Badge,
  Card,
  EmptyState,
  LoadingAnimation,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { api } from '../../../lib/api.ts';
import { useDateFormat } from '../../../lib/date-format.ts';
import { useOnboardingRealtime } from '../hooks/use-onboarding-realtime.ts';
import { IntroVideoReview } from './intro-video-review.tsx';

export const STATUS_TONE = { 1: 'info', 2: 'success', 3: 'error' } as const;

/** /interviews for tutor managers: their interviews and demo sessions, upcoming and past, and videos to review. */
export function StaffAppointments() {
  const { t } = useI18n();
  useOnboardingRealtime({ staff: true });
  return (
    <div className="flex flex-col gap-8">
      <Tabs defaultValue="upcoming">
        <TabsList aria-label={t('onboarding.staff.title')}>
          <TabsTrigger value="upcoming">{t('onboarding.staff.upcoming')}</TabsTrigger>
          <TabsTrigger value="past">{t('onboarding.staff.past')}</TabsTrigger>
        </TabsList>
        {(['upcoming', 'past'] as const).map((when) => (
          <TabsContent key={when} value={when} className="flex flex-col gap-6 pt-4">
            <AppointmentList kind="interview" when={when} />
            <AppointmentList kind="demoSession" when={when} />
          </TabsContent>
        ))}
      </Tabs>
      <section className="flex flex-col gap-3">
        <h2 className="text-xl font-bold text-ink">{t('onboarding.staff.videos')}</h2>
        <IntroVideoReview />
      </section>
    </div>
  );
}

function AppointmentList({ kind, when }: { kind: AppointmentKind; when: 'upcoming' | 'past' }) {
  const { t } = useI18n();
  const dates = useDateFormat();
  const list = useQuery(appointmentsQuery(api, kind, when));
  const href = (id: number) => (kind === 'interview' ? paths.interview.href(id) : paths.demoSession.href(id));
  return (
    <section className="flex flex-col gap-3">
      <h2 className="text-lg font-bold text-ink">
        {t(kind === 'interview' ? 'onboarding.staff.interviews' : 'onboarding.staff.demoSessions')}
      </h2>
      {list.isPending ? (
        <LoadingAnimation />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.list.length === 0 ? (
        <EmptyState title={t('onboarding.staff.empty')} level={3} />
      ) : (
        <ul className="flex flex-col gap-2">
          {list.data.list.map((a) => (
            <li key={a.id}>
              <Card className="flex flex-wrap items-center gap-3">
                <Avatar name={a.applicant.name} src={a.applicant.image} size="sm" />
                <div className="flex min-w-0 flex-1 flex-col">
                  <Link to={href(a.id)} className="font-semibold text-ink underline-offset-2 hover:underline">
                    {a.applicant.name}
                  </Link>
                  <time dateTime={a.startsAt} className="text-sm text-muted">
                    {dates.dayTime(a.startsAt)}
                  </time>
                </div>
                <Badge tone={STATUS_TONE[a.status as 1 | 2 | 3] ?? 'neutral'}>
                  {t(`onboarding.status.${kind}.${a.status}` as 'onboarding.status.interview.1')}
                </Badge>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
