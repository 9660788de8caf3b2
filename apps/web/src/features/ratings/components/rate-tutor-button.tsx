import { ratingsByRaterQuery } from '@darsak/client';
import { Button } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { api } from '../../../lib/api.ts';

/** The rating form (and zod, which it validates with) loads when the student first opens it. */
const RateLessonDialog = lazy(async () => ({ default: (await import('./rate-lesson-dialog.tsx')).RateLessonDialog }));

/**
 * Rating the tutor after a fulfilled lesson. The button says what it will do: rate the tutor, or edit the rating
 * once there is one (it follows the student's ratings, which a rating refreshes).
 */
export function RateTutorButton({
  lessonId,
  tutor,
  raterId,
}: {
  lessonId: number;
  tutor: { id: number; name: string };
  raterId: number;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const mine = useQuery(ratingsByRaterQuery(api, raterId));
  const rated = mine.data?.list.some((rating) => rating.rateeId === tutor.id) ?? false;
  return (
    <>
      <Button variant={rated ? 'secondary' : 'primary'} onClick={() => setOpen(true)}>
        {t(rated ? 'booking.rate.editTitle' : 'booking.rate.open')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <RateLessonDialog open onOpenChange={setOpen} lessonId={lessonId} tutor={tutor} raterId={raterId} />
        </Suspense>
      )}
    </>
  );
}
