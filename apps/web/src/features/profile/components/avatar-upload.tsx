import { AVATAR_MAX_BYTES, AVATAR_MIME, isAvatarLargeEnough, isAvatarMime } from '@darsak/domain/assets';
import type { User } from '@darsak/domain/users';
import { Alert, Avatar, buttonClasses, FormError, Spinner, useToast } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useId, useState } from 'react';
import { useErrorText } from '../../../lib/forms.ts';
import { useUploadAvatar } from '../hooks/use-profile-mutations.ts';

function imageSize(file: File): Promise<{ width: number; height: number } | undefined> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      resolve({ width: image.naturalWidth, height: image.naturalHeight });
      URL.revokeObjectURL(url);
    };
    image.onerror = () => {
      resolve(undefined);
      URL.revokeObjectURL(url);
    };
    image.src = url;
  });
}

/** Avatar upload: JPG, PNG or GIF up to 5 MB; at least 480×480 is recommended (spec §5), so smaller only warns. */
export function AvatarUpload({ user }: { user: User }) {
  const { t, format } = useI18n();
  const errorText = useErrorText();
  const { toast } = useToast();
  const upload = useUploadAvatar();
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const [problem, setProblem] = useState<string>();
  const [warning, setWarning] = useState<string>();

  const onFile = async (file: File | undefined) => {
    setProblem(undefined);
    setWarning(undefined);
    if (!file) return;
    if (!isAvatarMime(file.type)) return setProblem(t('avatar.badType'));
    if (file.size > AVATAR_MAX_BYTES) return setProblem(t('avatar.tooLarge'));
    const size = await imageSize(file);
    if (size && !isAvatarLargeEnough(size.width, size.height)) setWarning(t('avatar.tooSmall'));
    upload.mutate(file, { onSuccess: () => toast({ type: 'success', title: t('avatar.uploaded') }) });
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-4">
        <Avatar name={user.name} src={user.image} size="xl" />
        <div className="flex flex-col items-start gap-2">
          <label
            htmlFor={inputId}
            className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'cursor-pointer' })}
          >
            {upload.isPending && <Spinner className="size-4" />}
            {user.image ? t('avatar.change') : t('avatar.upload')}
          </label>
          <input
            id={inputId}
            type="file"
            accept={AVATAR_MIME.join(',')}
            className="sr-only"
            aria-describedby={hintId}
            disabled={upload.isPending}
            onChange={(event) => {
              void onFile(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <p id={hintId} className="max-w-sm text-sm text-muted">
            {t('avatar.hint', { size: format.number(480), mb: format.number(AVATAR_MAX_BYTES / 1024 / 1024) })}
          </p>
        </div>
      </div>
      <FormError message={problem ?? (upload.error ? errorText(upload.error) : undefined)} />
      {warning && <Alert tone="warning">{warning}</Alert>}
    </div>
  );
}
