import { ABOUT_MAX_LENGTH, BIO_MAX_LENGTH, type TutorMeta, type User } from '@darsak/domain/users';
import { Button, Form, FormActions, FormError, TextareaField, useToast } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useForm } from 'react-hook-form';
import { applyServerFieldErrors, formResolver, useErrorText, useFieldErrorText } from '../../../lib/forms.ts';
import { useUpdateUser } from '../hooks/use-profile-mutations.ts';

const resolver = formResolver((forms) => forms.TutorBioForm);

/** The tutor's bio and about, both in Arabic (spec §5). */
export function TutorBioFormCard({
  user,
  meta,
  submitLabel,
  onSaved,
}: {
  user: User;
  meta: TutorMeta | null;
  submitLabel?: string;
  onSaved?: () => void;
}) {
  const { t } = useI18n();
  const fieldText = useFieldErrorText();
  const errorText = useErrorText();
  const { toast } = useToast();
  const update = useUpdateUser(user.id);
  const form = useForm({
    resolver,
    values: { bio: meta?.bio ?? '', about: meta?.about ?? '' },
  });
  const { errors } = form.formState;

  return (
    <Form
      data-schema-form
      onSubmit={form.handleSubmit((values) =>
        update.mutate(values, {
          onSuccess: () => {
            toast({ type: 'success', title: t('profile.updated') });
            onSaved?.();
          },
          onError: (error) => applyServerFieldErrors(error, form.setError, ['bio', 'about']),
        }),
      )}
    >
      <FormError message={update.error ? errorText(update.error) : undefined} />
      <TextareaField
        label={t('field.bio')}
        rows={2}
        maxLength={BIO_MAX_LENGTH}
        required
        hint={t('field.bioHint', { count: BIO_MAX_LENGTH })}
        error={fieldText(errors.bio)}
        {...form.register('bio')}
      />
      <TextareaField
        label={t('field.about')}
        rows={6}
        maxLength={ABOUT_MAX_LENGTH}
        required
        hint={t('field.aboutHint')}
        error={fieldText(errors.about)}
        {...form.register('about')}
      />
      <FormActions>
        <Button type="submit" loading={update.isPending}>
          {submitLabel ?? t('common.save')}
        </Button>
      </FormActions>
    </Form>
  );
}
