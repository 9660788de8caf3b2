import { Button, buttonClasses, CalendarIcon, whenIdle } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useCurrentUser } from '../../../lib/auth-store.ts';
import { isStudent } from '../../../lib/roles.ts';

const loadDialog = () => import('./book-lesson-dialog.tsx');
/** The booking steps load apart from the profile (a visitor never opens them): the profile is read sooner on a phone. */
const BookLessonDialog = lazy(async () => ({ default: (await loadDialog()).BookLessonDialog }));

/**
 * "Book a lesson" on a tutor's profile: students open the dialog; visitors are asked to sign in first and come
 * back; other roles do not book, so they see nothing.
 */
export function BookLessonButton({ tutor }: { tutor: { id: number; name: string } }) {
  const t = useT();
  const user = useCurrentUser();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  // once opened, the dialog stays mounted (as before it was lazy), so it closes with its animation and state kept
  const [opened, setOpened] = useState(false);
  const student = user !== null && isStudent(user.role);
  // a student is likely to book: the steps are fetched once the page is idle, so they open at once
  useEffect(() => (student ? whenIdle(() => void loadDialog()) : undefined), [student]);
  if (!user) {
    return (
      <Link to={paths.login.href(`${location.pathname}${location.search}`)} className={buttonClasses()}>
        <CalendarIcon />
        {t('booking.book.open')}
      </Link>
    );
  }
  if (!student) return null;
  return (
    <>
      <Button
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <CalendarIcon />
        {t('booking.book.open')}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <BookLessonDialog open={open} onOpenChange={setOpen} tutor={tutor} />
        </Suspense>
      )}
    </>
  );
}
