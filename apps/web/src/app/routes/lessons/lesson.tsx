import { LessonStatus, type LessonView } from '@darsak/domain/lessons';
import { Button, NotFound } from '@darsak/ui';
import { registerMessages, useT } from '@darsak/ui/i18n';
import { bookingMessages } from '@darsak/ui/i18n/features/booking.ar.ts';
import { telegramMessages } from '@darsak/ui/i18n/features/telegram.ar.ts';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { BookLessonDialog } from '../../../features/booking/components/book-lesson-dialog.tsx';
import { LessonDetails } from '../../../features/lessons/components/lesson-details.tsx';
import { RateTutorButton } from '../../../features/ratings/components/rate-tutor-button.tsx';
import { useCurrentUser } from '../../../lib/auth-store.ts';

// This page's catalogues ride in its chunk; the router awaits their other languages (app/messages.ts).
// The booking dialog's prompt to choose a channel may show Telegram's link panel.
void registerMessages(bookingMessages, telegramMessages);

/** The student's extra actions: move the lesson (same dialog as booking), rate its tutor after it. */
function StudentActions({ lesson, canChange, viewerId }: { lesson: LessonView; canChange: boolean; viewerId: number }) {
  const t = useT();
  const navigate = useNavigate();
  const [rebooking, setRebooking] = useState(false);
  return (
    <>
      {canChange && (
        <>
          <Button variant="secondary" onClick={() => setRebooking(true)}>
            {t('booking.rebook.open')}
          </Button>
          <BookLessonDialog
            open={rebooking}
            onOpenChange={setRebooking}
            tutor={lesson.tutor}
            moving={lesson}
            onBooked={(moved) => {
              setRebooking(false);
              navigate(paths.lesson.href(moved.id), { replace: true });
            }}
          />
        </>
      )}
      {lesson.status === LessonStatus.fulfilled && (
        <RateTutorButton lessonId={lesson.id} tutor={lesson.tutor} raterId={viewerId} />
      )}
    </>
  );
}

/** /lesson/{id}. */
export function LessonPage() {
  const user = useCurrentUser();
  const id = Number(useParams().id);
  if (!user) return null;
  if (!Number.isInteger(id) || id <= 0) return <NotFound />;
  return (
    <LessonDetails
      key={id}
      lessonId={id}
      viewerId={user.id}
      actions={(lesson, state) =>
        lesson.student.id === user.id ? (
          <StudentActions lesson={lesson} canChange={state.canChange} viewerId={user.id} />
        ) : null
      }
    />
  );
}
