import { lessonPriceFromPiastres } from '@darsak/domain/plans';
import { buttonClasses, ChatIcon, NotFound } from '@darsak/ui';
import { registerMessages, useT } from '@darsak/ui/i18n';
import { bookingMessages } from '@darsak/ui/i18n/features/booking.ar.ts';
import { telegramMessages } from '@darsak/ui/i18n/features/telegram.ar.ts';
import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { BookLessonButton } from '../../../features/booking/components/book-lesson-button.tsx';
import { usePlans } from '../../../features/plans/hooks/use-plans.ts';
import { LatestReviews, TutorReviews } from '../../../features/ratings/components/tutor-reviews.tsx';
import { TutorProfile } from '../../../features/tutors/components/tutor-profile.tsx';
import { useCurrentUser } from '../../../lib/auth-store.ts';
import { isTutorLike } from '../../../lib/roles.ts';

// This page's catalogues ride in its chunk; the router awaits their other languages (app/messages.ts).
// The booking dialog's prompt to choose a channel may show Telegram's link panel.
void registerMessages(bookingMessages, telegramMessages);

/** /t/{id}: a tutor's profile, the price of a lesson and reviews, with "book a lesson" and "message". */
export function TutorProfilePage() {
  const t = useT();
  const user = useCurrentUser();
  const id = Number(useParams().id);
  const plans = usePlans().data;
  if (!Number.isInteger(id) || id <= 0) return <NotFound />;
  const chatHref = `${paths.chat.href()}?with=${id}`;
  return (
    <TutorProfile
      tutorId={id}
      reviews={<TutorReviews tutorId={id} />}
      latestReviews={(showAll) => <LatestReviews tutorId={id} onShowAll={showAll} />}
      priceOf={plans && ((minutes) => lessonPriceFromPiastres(plans, minutes))}
      actions={(tutor) => (
        <>
          <BookLessonButton tutor={tutor} />
          {!(user && isTutorLike(user.role) && user.id === tutor.id) && (
            <Link to={user ? chatHref : paths.login.href(chatHref)} className={buttonClasses({ variant: 'secondary' })}>
              <ChatIcon />
              {t('booking.tutor.message')}
            </Link>
          )}
        </>
      )}
    />
  );
}
