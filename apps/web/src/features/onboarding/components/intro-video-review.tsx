import { introVideosQuery, onboardingKeys } from '@darsak/client';
import { type IntroVideo, introVideoContract } from '@darsak/domain/interviews';
import { Button, Card, EmptyState, FormError, LoadingAnimation, TextareaField, useToast } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { api } from '../../../lib/api.ts';
import { useDateFormat } from '../../../lib/date-format.ts';
import { useErrorText } from '../../../lib/forms.ts';

/** Intro videos waiting for review: watch, then accept, or reject with a reason the applicant receives. */
export function IntroVideoReview() {
  const { t } = useI18n();
  const videos = useQuery(introVideosQuery(api, 'pending'));
  if (videos.isPending) return <LoadingAnimation />;
  if (videos.isError) return <LoadError error={videos.error} onRetry={() => void videos.refetch()} />;
  if (videos.data.list.length === 0) return <EmptyState title={t('onboarding.staff.videosEmpty')} level={3} />;
  return (
    <ul className="grid gap-4 lg:grid-cols-2">
      {videos.data.list.map((video) => (
        <li key={video.id}>
          <VideoToReview video={video} />
        </li>
      ))}
    </ul>
  );
}

/** "٢:٣٠" */
export const durationText = (seconds: number, number: (n: number) => string) =>
  `${number(Math.floor(seconds / 60))}:${number(seconds % 60).padStart(2, number(0))}`;

function VideoToReview({ video }: { video: IntroVideo }) {
  const { t, format } = useI18n();
  const dates = useDateFormat();
  const errorText = useErrorText();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const review = useMutation({
    mutationFn: (body: { status: 'accepted' } | { status: 'rejected'; reason: string }) =>
      api.callRoute(introVideoContract.review, { params: { id: video.id }, body }),
    onSuccess: (_data, body) => {
      toast({
        type: 'success',
        title: t(body.status === 'accepted' ? 'onboarding.review.accepted' : 'onboarding.review.rejected'),
      });
      void queryClient.invalidateQueries({ queryKey: onboardingKeys.all });
    },
  });
  return (
    <Card className="flex flex-col gap-3">
      <h3 className="font-bold text-ink">{video.tutor.name}</h3>
      {/* biome-ignore lint/a11y/useMediaCaption: an applicant's self-recorded introduction, reviewed as is */}
      <video src={api.url(video.url)} controls preload="metadata" className="aspect-video w-full rounded-lg bg-black" />
      <p className="text-sm text-muted">
        {t('onboarding.review.duration', { duration: durationText(video.durationSeconds, (n) => format.number(n)) })} ·{' '}
        {t('onboarding.review.sentAt', { date: dates.day(video.createdAt) })}
      </p>
      {rejecting && (
        <TextareaField
          label={t('onboarding.review.reason')}
          value={reason}
          maxLength={2000}
          onChange={(event) => setReason(event.target.value)}
        />
      )}
      <FormError message={review.error ? errorText(review.error) : undefined} />
      <div className="flex flex-wrap gap-2">
        {rejecting ? (
          <>
            <Button
              variant="danger"
              disabled={reason.trim() === ''}
              loading={review.isPending}
              onClick={() => review.mutate({ status: 'rejected', reason: reason.trim() })}
            >
              {t('onboarding.review.rejectConfirm')}
            </Button>
            <Button variant="ghost" onClick={() => setRejecting(false)}>
              {t('common.cancel')}
            </Button>
          </>
        ) : (
          <>
            <Button loading={review.isPending} onClick={() => review.mutate({ status: 'accepted' })}>
              {t('onboarding.review.accept')}
            </Button>
            <Button variant="secondary" onClick={() => setRejecting(true)}>
              {t('onboarding.review.reject')}
            </Button>
          </>
        )}
      </div>
    </Card>
  );
}
