import { buttonClasses, Tabs, TabsContent, TabsList, TabsTrigger } from '@darsak/ui';
import { registerMessages, useT } from '@darsak/ui/i18n';
import { bookingMessages } from '@darsak/ui/i18n/features/booking.ar.ts';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { paths } from '../../../config/paths.ts';
import { CalendarLinkCard } from '../../../features/lessons/components/calendar-link-card.tsx';
import { LessonsList } from '../../../features/lessons/components/lessons-list.tsx';
import { useCurrentUser } from '../../../lib/auth-store.ts';
import { isStudent } from '../../../lib/roles.ts';

// This page's catalogues ride in its chunk; the router awaits their other languages (app/messages.ts).
void registerMessages(bookingMessages);

/** /upcoming-lessons: the viewer's upcoming lessons (and past ones), and the calendar subscription link. */
export function UpcomingLessonsPage() {
  const t = useT();
  const user = useCurrentUser();
  if (!user) return null;
  const student = isStudent(user.role);
  const findTutor = student ? (
    <Link to={paths.tutors.href()} className={buttonClasses()}>
      {t('booking.lessons.findTutor')}
    </Link>
  ) : undefined;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('feature.upcomingLessons')} subtitle={t('booking.lessons.subtitle')} />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Tabs defaultValue="upcoming">
          <TabsList aria-label={t('booking.lessons.tabs')} className="self-start">
            <TabsTrigger value="upcoming">{t('booking.lessons.upcoming')}</TabsTrigger>
            <TabsTrigger value="past">{t('booking.lessons.past')}</TabsTrigger>
          </TabsList>
          {/* Each panel is headed by its tab's name, so the lessons' own headings (level 3) follow in order. */}
          <TabsContent value="upcoming">
            <h2 className="sr-only">{t('booking.lessons.upcoming')}</h2>
            <LessonsList when="upcoming" viewerId={user.id} emptyAction={findTutor} />
          </TabsContent>
          <TabsContent value="past">
            <h2 className="sr-only">{t('booking.lessons.past')}</h2>
            <LessonsList when="past" viewerId={user.id} />
          </TabsContent>
        </Tabs>
        <div>
          <CalendarLinkCard />
        </div>
      </div>
    </div>
  );
}
