import { Button, buttonClasses, CalendarIcon } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useCurrentUser } from '../../../lib/auth-store.ts';
import { isStudent } from '../../../lib/roles.ts';
import { BookLessonDialog } from './book-lesson-dialog.tsx';

/**
 * "Book a lesson" on a tutor's profile: students open the dialog; visitors are asked to sign in first and come
 * back; other roles do not book, so they see nothing.
 */
export function BookLessonButton({ tutor }: { tutor: { id: number; name: string } }) {
  const t = useT();
  const user = useCurrentUser();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  if (!user) {
    return (
      <Link to={paths.login.href(`${location.pathname}${location.search}`)} className={buttonClasses()}>
        <CalendarIcon />
        {t('booking.book.open')}
      </Link>
    );
  }
  if (!isStudent(user.role)) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <CalendarIcon />
        {t('booking.book.open')}
      </Button>
      <BookLessonDialog open={open} onOpenChange={setOpen} tutor={tutor} />
    </>
  );
}
