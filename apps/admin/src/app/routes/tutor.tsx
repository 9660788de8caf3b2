import { buttonClasses, Spinner } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { AuditTable } from '../../features/audit/components/audit-table.tsx';
import { TutorActivation, TutorTerms } from '../../features/tutors/components/tutor-actions.tsx';
import {
  TutorActivity,
  TutorBalance,
  TutoringMinutes,
  TutorRatings,
  TutorStats,
} from '../../features/tutors/components/tutor-figures.tsx';
import { TutorOnboarding, TutorProfile } from '../../features/tutors/components/tutor-profile.tsx';
import { useStaffTutor } from '../../features/tutors/hooks/use-tutors.ts';
import { UserLessons } from '../../features/users/components/user-lessons.tsx';

/**
 * /tutor/{id}: profile, onboarding steps, activation, rate and notice, students and lessons, minutes and activity,
 * earnings, ratings, lessons and the tutor's change history; account actions stay on /user/{id}.
 */
export function TutorPage() {
  const { t, format, errorMessage } = useI18n();
  const id = Number(useParams().id);
  const tutor = useStaffTutor(id);
  if (tutor.isPending) return <Spinner className="size-8 text-primary-600" label={t('common.loading')} />;
  if (tutor.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p role="alert" className="text-red-800">
          {errorMessage('tutor-not-found')}
        </p>
        <Link to={paths.tutors.href()} className={buttonClasses({ variant: 'secondary' })}>
          {t('staff.tutor.back')}
        </Link>
      </div>
    );
  }
  const data = tutor.data;
  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-1">
        <Link to={paths.tutors.href()} className="text-sm text-primary-700 underline">
          {t('staff.tutor.back')}
        </Link>
        <h1 className="text-2xl font-bold sm:text-3xl">{data.name}</h1>
        <p className="text-muted">{t('staff.tutor.subtitle', { id: format.number(data.id) })}</p>
        <Link to={paths.user.href(data.id)} className="text-sm text-primary-700 underline">
          {t('staff.tutor.account')}
        </Link>
      </div>
      <TutorProfile tutor={data} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <TutorActivation tutor={data} />
        <TutorTerms tutor={data} />
      </div>
      <TutorOnboarding tutor={data} />
      <TutorStats tutorId={data.id} />
      <TutoringMinutes tutor={data} />
      <TutorActivity tutorId={data.id} />
      <TutorBalance tutorId={data.id} />
      <TutorRatings tutorId={data.id} />
      <UserLessons userId={data.id} />
      <AuditTable title={t('staff.tutor.history')} filter={{ userId: data.id }} />
    </div>
  );
}
