import { Badge, buttonClasses, Card } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { Link, Navigate } from 'react-router';
import { ADMIN_URL } from '../../config/env.ts';
import { paths } from '../../config/paths.ts';
import { useCurrentUser } from '../../lib/auth-store.ts';
import { homePathFor, isStudent, isTutorLike } from '../../lib/roles.ts';

/** "/": signed-out visitors get the way in; students and tutors go to their dashboard; staff to the admin app. */
export function HomePage() {
  const { t, format } = useI18n();
  const user = useCurrentUser();
  if (user && (isStudent(user.role) || isTutorLike(user.role))) return <Navigate to={homePathFor(user.role)} replace />;

  if (user) {
    return (
      <Card title={t('page.home.staffTitle')} className="mx-auto max-w-xl">
        <p className="mb-4 text-muted">{t('page.home.staffBody')}</p>
        <a href={ADMIN_URL} className={buttonClasses()}>
          {t('page.home.openAdmin')}
        </a>
      </Card>
    );
  }

  return (
    <section className="mx-auto grid max-w-5xl items-center gap-10 py-6 lg:grid-cols-2 lg:py-12">
      <div className="space-y-6">
        <Badge tone="accent">{t('app.tagline')}</Badge>
        <h1 className="text-4xl leading-tight font-extrabold text-ink sm:text-5xl">{t('page.home.title')}</h1>
        <p className="text-lg text-muted">{t('page.home.body')}</p>
        <div className="flex flex-wrap gap-3">
          <Link to={paths.register.href('student')} className={buttonClasses({ size: 'lg' })}>
            {t('page.home.startStudent')}
          </Link>
          <Link to={paths.register.href('tutor')} className={buttonClasses({ size: 'lg', variant: 'secondary' })}>
            {t('page.home.startTutor')}
          </Link>
        </div>
        <p className="text-muted">
          {t('page.home.haveAccount')}{' '}
          <Link to={paths.login.href()} className="font-semibold text-primary-700 underline-offset-4 hover:underline">
            {t('nav.login')}
          </Link>
        </p>
      </div>
      <div aria-hidden="true" className="relative hidden lg:block">
        <div className="absolute -inset-6 rounded-[2.5rem] bg-gradient-to-br from-primary-100 via-canvas to-accent-100" />
        <div className="relative grid grid-cols-3 gap-4 rounded-[2rem] border border-line bg-surface p-6 shadow-(--shadow-card)">
          {[60, 120, 230].map((minutes) => (
            <div key={minutes} className="rounded-2xl bg-primary-50 p-4 text-center">
              <p className="text-3xl font-extrabold text-primary-700">{format.number(minutes)}</p>
              <p className="text-sm text-muted">{t('page.home.weeklyMinutes')}</p>
            </div>
          ))}
          <div className="col-span-3 flex items-center justify-center gap-3 rounded-2xl bg-accent-50 p-4 text-accent-900">
            <span className="text-2xl font-extrabold">{format.number(15)}</span>
            <span>/</span>
            <span className="text-2xl font-extrabold">{format.number(30)}</span>
            <span className="text-sm">{t('page.home.lessonMinutes')}</span>
          </div>
        </div>
      </div>
    </section>
  );
}
