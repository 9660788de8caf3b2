import { Button, type ButtonProps, ConfirmDialog, useToast } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { useErrorText } from '../../../lib/forms.ts';
import { useDeleteRating } from '../hooks/use-rating-mutations.ts';

/**
 * The student deletes their own rating of a tutor, after confirming; it leaves the tutor's reviews and average.
 * They may rate the tutor again after a fulfilled lesson.
 */
export function DeleteRatingButton({
  ratingId,
  tutor,
  size,
}: {
  ratingId: number;
  tutor: { id: number; name: string };
  size?: ButtonProps['size'];
}) {
  const t = useT();
  const errorText = useErrorText();
  const { toast } = useToast();
  const remove = useDeleteRating(tutor.id);
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size={size}>
          {t('booking.rate.delete')}
        </Button>
      }
      title={t('booking.rate.deleteTitle')}
      description={t('booking.rate.deleteBody', { name: tutor.name })}
      confirm={t('booking.rate.deleteConfirm')}
      cancel={t('booking.rate.keep')}
      busy={remove.isPending}
      onConfirm={() =>
        remove.mutateAsync(ratingId).then(
          () => toast({ type: 'success', title: t('booking.rate.deleted') }),
          (error: unknown) =>
            toast({ type: 'error', title: t('booking.rate.deleteFailed'), description: errorText(error) }),
        )
      }
    />
  );
}
