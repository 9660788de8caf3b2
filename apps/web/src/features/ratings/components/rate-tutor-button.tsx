import { ratingsByRaterQuery } from '@darsak/client';
import { Button } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { api } from '../../../lib/api.ts';
import { DeleteRatingButton } from './delete-rating-button.tsx';

/** The rating form (and zod, which it validates with) loads when the student first opens it. */
const RateLessonDialog = lazy(async () => ({ default: (await import('./rate-lesson-dialog.tsx')).RateLessonDialog }));

/**
 * Rating the tutor after a fulfilled lesson. The button says what it will do: rate the tutor, or edit the rating
 * once there is one, which may also be deleted (it follows the student's ratings, which a rating refreshes).
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
  const rating = mine.data?.list.find((r) => r.rateeId === tutor.id);
  return (
    <>
      <Button variant={rating ? 'secondary' : 'primary'} onClick={() => setOpen(true)}>
        {t(rating ? 'booking.rate.editTitle' : 'booking.rate.open')}
      </Button>
      {rating && <DeleteRatingButton ratingId={rating.id} tutor={tutor} />}
      {open && (
        <Suspense fallback={null}>
          <RateLessonDialog open onOpenChange={setOpen} lessonId={lessonId} tutor={tutor} raterId={raterId} />
        </Suspense>
      )}
    </>
  );
}
