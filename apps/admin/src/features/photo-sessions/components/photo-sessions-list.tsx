import { studioTutorsQuery } from '@darsak/client';
import { Avatar, Card, EmptyState, LoadingAnimation, Tabs, TabsContent, TabsList, TabsTrigger } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../../lib/api.ts';

/** /photo-sessions: tutors waiting for their photo session (oldest first), and the ones done. */
export function PhotoSessionsList() {
  const { t } = useI18n();
  return (
    <Tabs defaultValue="waiting">
      <TabsList aria-label={t('onboarding.studio.title')}>
        <TabsTrigger value="waiting">{t('onboarding.studio.waiting')}</TabsTrigger>
        <TabsTrigger value="done">{t('onboarding.studio.done')}</TabsTrigger>
      </TabsList>
      {(['waiting', 'done'] as const).map((status) => (
        <TabsContent key={status} value={status} className="pt-4">
          {/* The panel is headed by its tab's name, so the list's own headings (level 3) follow in order. */}
          <h2 className="sr-only">{t(`onboarding.studio.${status}`)}</h2>
          <StudioTutors status={status} />
        </TabsContent>
      ))}
    </Tabs>
  );
}

function StudioTutors({ status }: { status: 'waiting' | 'done' }) {
  const { t, format, errorMessage } = useI18n();
  const list = useQuery(studioTutorsQuery(api, status));
  if (list.isPending) return <LoadingAnimation />;
  if (list.isError) return <EmptyState title={errorMessage('unexpected')} level={3} />;
  if (list.data.list.length === 0) return <EmptyState title={t('onboarding.studio.empty')} level={3} />;
  return (
    <ul className="flex flex-col gap-2">
      {list.data.list.map(({ tutor, photoSession }) => (
        <li key={tutor.id}>
          <Card className="flex items-center gap-3">
            <Avatar name={tutor.name} src={tutor.image} size="sm" />
            <div className="flex min-w-0 flex-1 flex-col">
              <Link to={`/photo-session/${tutor.id}`} className="font-semibold underline-offset-2 hover:underline">
                {tutor.name}
              </Link>
              <span className="text-sm text-muted">
                {t('onboarding.studio.since', { date: format.date(photoSession.createdAt), gender: tutor.gender })}
              </span>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
