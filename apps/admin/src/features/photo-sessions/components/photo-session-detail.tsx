import { onboardingKeys, studioTutorQuery } from '@darsak/client';
import { onboardingContract, type StudioTutor } from '@darsak/domain/interviews';
import { usersContract } from '@darsak/domain/users';
import { Alert, Badge, Button, Card, Dialog, FormError, LoadingAnimation, useToast } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { api } from '../../../lib/api.ts';

type MediaField = 'image' | 'thumbnail' | 'video';
const ACCEPT: Record<MediaField, string> = {
  image: 'image/jpeg,image/png,image/gif',
  thumbnail: 'image/jpeg,image/png,image/gif',
  video: 'video/mp4,video/webm',
};

const mediaOf = ({ tutor, meta }: StudioTutor): Record<MediaField, string | null> => ({
  image: tutor.image,
  thumbnail: meta.thumbnail,
  video: meta.video,
});

/** /photo-session/{tutorId}: the studio uploads the photo, thumbnail and one-minute video, then closes the session. */
export function PhotoSessionDetail({ tutorId }: { tutorId: number }) {
  const { t, errorMessage } = useI18n();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const studio = useQuery(studioTutorQuery(api, tutorId));
  const [confirming, setConfirming] = useState(false);
  const done = useMutation({
    mutationFn: () => api.callRoute(onboardingContract.photoSessionDone, { params: { tutorId } }),
    onSuccess: () => {
      setConfirming(false);
      toast({ type: 'success', title: t('onboarding.studio.markedDone') });
      void queryClient.invalidateQueries({ queryKey: onboardingKeys.studio() });
    },
  });

  if (studio.isPending) return <LoadingAnimation />;
  if (studio.isError)
    return <Alert tone="error">{errorMessage((studio.error as { code?: string }).code ?? 'unexpected')}</Alert>;
  const media = mediaOf(studio.data);
  const open = studio.data.photoSession.status !== 'done';
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold sm:text-3xl">{studio.data.tutor.name}</h1>
          <p className="text-muted" dir="ltr">
            {studio.data.tutor.email} {studio.data.tutor.phone ? `· ${studio.data.tutor.phone}` : ''}
          </p>
        </div>
        <Badge tone={open ? 'info' : 'success'}>
          {t(open ? 'onboarding.studio.waiting' : 'onboarding.studio.done')}
        </Badge>
      </div>
      <section className="grid gap-4 lg:grid-cols-3" aria-label={t('onboarding.studio.media')}>
        {(['image', 'thumbnail', 'video'] as const).map((field) => (
          <MediaUpload key={field} tutorId={tutorId} field={field} current={media[field]} />
        ))}
      </section>
      {open && (
        <div>
          <Button onClick={() => setConfirming(true)}>{t('onboarding.studio.markDone')}</Button>
        </div>
      )}
      <Dialog open={confirming} onOpenChange={setConfirming} title={t('onboarding.studio.markDone')} size="sm">
        <div className="flex flex-col gap-4">
          <p>{t('onboarding.studio.markDoneConfirm')}</p>
          <FormError
            message={done.error ? errorMessage((done.error as { code?: string }).code ?? 'unexpected') : undefined}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </Button>
            <Button loading={done.isPending} onClick={() => done.mutate()}>
              {t('onboarding.studio.markDone')}
            </Button>
          </div>
        </div>
      </Dialog>
    </div>
  );
}

/** One of the three files: what is there now, and an upload with a real progress bar. */
function MediaUpload({ tutorId, field, current }: { tutorId: number; field: MediaField; current: string | null }) {
  const { t, format, errorMessage } = useI18n();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [progress, setProgress] = useState(0);
  const upload = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append(field, file);
      setProgress(0);
      return api.callRoute(usersContract.uploadTutorAssets, {
        query: { tutorId },
        body,
        onUploadProgress: setProgress,
      });
    },
    onSuccess: () => {
      toast({ type: 'success', title: t('onboarding.studio.uploaded') });
      void queryClient.invalidateQueries({ queryKey: onboardingKeys.studioTutor(tutorId) });
    },
  });
  const label = t(`onboarding.studio.${field}`);
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="font-bold">{label}</h2>
      {current ? (
        field === 'video' ? (
          // biome-ignore lint/a11y/useMediaCaption: the studio's own recording, checked before publishing
          <video
            src={api.url(current)}
            controls
            preload="metadata"
            className="aspect-video w-full rounded-lg bg-black"
          />
        ) : (
          <img
            src={api.url(current)}
            alt={label}
            className="aspect-video w-full rounded-lg object-contain bg-stone-100"
          />
        )
      ) : (
        <p className="text-sm text-muted">{t('onboarding.studio.missing')}</p>
      )}
      {upload.isPending ? (
        <div className="flex flex-col gap-1">
          <progress className="h-3 w-full accent-primary-600" max={1} value={progress} aria-label={label} />
          <span className="text-sm" aria-live="polite">
            {t('onboarding.video.progress', { percent: format.number(progress, { style: 'percent' }) })}
          </span>
        </div>
      ) : (
        <label
          htmlFor={inputId}
          className="inline-flex h-10 cursor-pointer items-center self-start rounded-lg border border-line px-4 font-semibold hover:bg-stone-50"
        >
          {t('onboarding.studio.upload')}
          <input
            id={inputId}
            type="file"
            accept={ACCEPT[field]}
            className="sr-only"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) upload.mutate(file);
            }}
          />
        </label>
      )}
      <FormError
        message={upload.error ? errorMessage((upload.error as { code?: string }).code ?? 'unexpected') : undefined}
      />
    </Card>
  );
}
