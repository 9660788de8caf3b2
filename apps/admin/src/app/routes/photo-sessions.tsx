import { useT } from '@darsak/ui/i18n';
import { useParams } from 'react-router';
import { PhotoSessionDetail } from '../../features/photo-sessions/components/photo-session-detail.tsx';
import { PhotoSessionsList } from '../../features/photo-sessions/components/photo-sessions-list.tsx';
import { NotFoundPage } from './not-found.tsx';

/** /photo-sessions: the studio's queue. */
export function PhotoSessionsPage() {
  const t = useT();
  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold sm:text-3xl">{t('onboarding.studio.title')}</h1>
        <p className="text-muted">{t('onboarding.studio.subtitle')}</p>
      </div>
      <PhotoSessionsList />
    </div>
  );
}

/** /photo-session/{tutorId}: one tutor's media and the end of their photo session. */
export function PhotoSessionPage() {
  const tutorId = Number(useParams().tutorId);
  return Number.isInteger(tutorId) && tutorId > 0 ? (
    <PhotoSessionDetail key={tutorId} tutorId={tutorId} />
  ) : (
    <NotFoundPage />
  );
}
