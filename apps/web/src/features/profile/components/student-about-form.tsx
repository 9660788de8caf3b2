import { ENGLISH_LEVEL_LABELS, type EnglishLevel, type User } from '@darsak/domain/users';
import {
  Button,
  Form,
  FormActions,
  FormError,
  LoadingAnimation,
  SelectField,
  TextareaField,
  useToast,
} from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useForm } from 'react-hook-form';
import { formResolver, useErrorText, useFieldErrorText } from '../../../lib/forms.ts';
import { useSaveStudentProfile, useStudentProfile } from '../hooks/use-profile-mutations.ts';

const resolver = formResolver((forms) => forms.StudentAboutForm);

const LEVELS = Object.entries(ENGLISH_LEVEL_LABELS) as Array<[string, (typeof ENGLISH_LEVEL_LABELS)[EnglishLevel]]>;

/** The student's "about you" step: English level and learning goal. */
export function StudentAboutFormCard({
  user,
  submitLabel,
  onSaved,
}: {
  user: User;
  submitLabel?: string;
  onSaved?: () => void;
}) {
  const { t, locale } = useI18n();
  const fieldText = useFieldErrorText();
  const errorText = useErrorText();
  const { toast } = useToast();
  const profile = useStudentProfile(user.id);
  const save = useSaveStudentProfile(user.id, Boolean(profile.data));
  const form = useForm({
    resolver,
    values: { englishLevel: profile.data?.englishLevel?.toString() ?? '', goal: profile.data?.goal ?? '' },
  });
  const { errors } = form.formState;

  if (profile.isPending) return <LoadingAnimation />;

  return (
    <Form
      data-schema-form
      onSubmit={form.handleSubmit((values) =>
        save.mutate(values, {
          onSuccess: () => {
            toast({ type: 'success', title: t('profile.updated') });
            onSaved?.();
          },
        }),
      )}
    >
      <FormError message={profile.error ? errorText(profile.error) : save.error ? errorText(save.error) : undefined} />
      <SelectField
        label={t('field.englishLevel')}
        options={LEVELS.map(([value, label]) => ({ value, label: locale === 'ar' ? label.ar : label.en }))}
        error={fieldText(errors.englishLevel)}
        {...form.register('englishLevel')}
      />
      <TextareaField
        label={t('field.goal')}
        rows={3}
        maxLength={300}
        hint={t('field.goalHint')}
        error={fieldText(errors.goal)}
        {...form.register('goal')}
      />
      <FormActions>
        <Button type="submit" loading={save.isPending}>
          {submitLabel ?? t('common.save')}
        </Button>
      </FormActions>
    </Form>
  );
}
