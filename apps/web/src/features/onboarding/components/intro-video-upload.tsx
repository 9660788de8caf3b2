import { onboardingKeys } from '@darsak/client';
import { INTRO_VIDEO, isQuickTimeFile, isVideoFile, VIDEO_ACCEPT } from '@darsak/domain/assets';
import { introVideoContract } from '@darsak/domain/interviews';
import { Alert, Button, FormError, useToast } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { api } from '../../../lib/api.ts';
import { useErrorText } from '../../../lib/forms.ts';
import { usePublicConfig } from '../../../lib/use-public-config.ts';

/** "١٢٫٥ ميجابايت" */
function useFileSize() {
  const { intlLocale } = useI18n();
  return (bytes: number) =>
    new Intl.NumberFormat(intlLocale, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(
      bytes / 1024 / 1024,
    );
}

interface SendOptions {
  signal: AbortSignal;
  onUploadProgress: (fraction: number) => void;
}

/** The video as a multipart upload to the API, which streams it to storage (the disk driver). */
function sendThroughApi(video: File, options: SendOptions) {
  const body = new FormData();
  body.append('video', video);
  return api.callRoute(introVideoContract.upload, { body, ...options });
}

/**
 * The video straight to object storage (deployments whose config says `directUploads`): a presigned URL from
 * the API, the file to the store with progress, then the API reads it there and records it.
 */
async function sendToStore(video: File, { signal, onUploadProgress }: SendOptions) {
  const target = await api.callRoute(introVideoContract.uploadUrl, {
    body: { contentType: video.type, sizeBytes: video.size },
    signal,
  });
  await api.sendFile(target, video, { signal, onUploadProgress });
  return api.callRoute(introVideoContract.confirmUpload, { body: { key: target.key }, signal });
}

/**
 * Step 2: choose a video, watch it before sending, then send it with a real progress bar (XMLHttpRequest upload
 * progress), through the API or straight to object storage as the deployment says. The server reads the length
 * from the file; its refusals (too short, too long, too big) show here.
 */
export function IntroVideoUpload() {
  const { t, format } = useI18n();
  const errorText = useErrorText();
  const fileSize = useFileSize();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const [playbackError, setPlaybackError] = useState(false);
  const [progress, setProgress] = useState(0);
  const abort = useRef<AbortController | null>(null);
  const { data: config } = usePublicConfig();

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const send = useMutation({
    mutationFn: (video: File) => {
      abort.current = new AbortController();
      setProgress(0);
      const options = { signal: abort.current.signal, onUploadProgress: setProgress };
      return config?.directUploads ? sendToStore(video, options) : sendThroughApi(video, options);
    },
    onSuccess: () => {
      toast({ type: 'success', title: t('onboarding.video.sent') });
      void queryClient.invalidateQueries({ queryKey: onboardingKeys.all });
    },
  });

  function choose(chosen: File | undefined) {
    send.reset();
    setChoiceError(null);
    setPlaybackError(false);
    if (!chosen) return;
    if (!isVideoFile(chosen)) return setChoiceError(t('onboarding.video.notVideo'));
    if (chosen.size > INTRO_VIDEO.maxBytes) return setChoiceError(t('onboarding.video.tooBig'));
    setFile(chosen);
    setPreview(URL.createObjectURL(chosen));
  }

  // The server keeps a QuickTime video only when browsers play it (H.264): one this browser cannot play is not sent.
  const isQuickTime = file ? isQuickTimeFile(file) : false;
  const percent = format.number(progress, { style: 'percent' });
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted">{t('onboarding.video.rules')}</p>
      {preview && file ? (
        <figure className="flex flex-col gap-2">
          {/* biome-ignore lint/a11y/useMediaCaption: the applicant's own recording, watched before sending */}
          <video
            src={preview}
            controls
            preload="metadata"
            className="aspect-video w-full max-w-xl rounded-xl bg-black"
            onError={() => (isQuickTime ? setChoiceError(t('onboarding.video.unplayable')) : setPlaybackError(true))}
          />
          <figcaption className="text-sm text-muted">
            {t('onboarding.video.preview')} —{' '}
            {t('onboarding.video.fileInfo', { name: file.name, size: fileSize(file.size) })}
          </figcaption>
          {playbackError && <Alert tone="info">{t('onboarding.video.playbackError')}</Alert>}
        </figure>
      ) : null}
      {send.isPending ? (
        <div className="flex flex-col gap-2">
          <progress
            className="h-3 w-full max-w-xl overflow-hidden rounded-full accent-primary-600"
            max={1}
            value={progress}
            aria-label={t('onboarding.video.progressLabel')}
          />
          <div className="flex items-center gap-3">
            <span className="text-sm text-ink" aria-live="polite">
              {t('onboarding.video.progress', { percent })}
            </span>
            <Button size="sm" variant="ghost" onClick={() => abort.current?.abort()}>
              {t('onboarding.video.cancelUpload')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <label
            htmlFor={inputId}
            className="inline-flex h-11 cursor-pointer items-center rounded-lg border border-line bg-surface px-4 font-semibold text-ink hover:bg-stone-50 focus-within:ring-2"
          >
            {file ? t('onboarding.video.change') : t('onboarding.video.choose')}
            <input
              id={inputId}
              type="file"
              accept={VIDEO_ACCEPT}
              className="sr-only"
              onChange={(event) => choose(event.target.files?.[0])}
            />
          </label>
          {file && (
            <Button onClick={() => send.mutate(file)} disabled={Boolean(choiceError)}>
              {t('onboarding.video.send')}
            </Button>
          )}
        </div>
      )}
      <FormError message={choiceError ?? (send.error ? errorText(send.error) : undefined)} />
    </div>
  );
}
