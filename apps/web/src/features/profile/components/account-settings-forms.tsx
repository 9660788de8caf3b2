import { DEFAULT_NOTICE_PERIOD_MINUTES } from '@darsak/domain/lessons';
import type { TutorMeta, User } from '@darsak/domain/users';
import { Button, Form, FormActions, FormError, TextField, useToast } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useForm } from 'react-hook-form';
import { formResolver, useErrorText, useFieldErrorText } from '../../../lib/forms.ts';
import { useUpdateUser } from '../hooks/use-profile-mutations.ts';

const noticePeriodResolver = formResolver((forms) => forms.NoticePeriodForm);

/** The tutor's notice period: least minutes between a booking and the lesson (DESIGN §4). */
export function NoticePeriodSettingsForm({ user, meta }: { user: User; meta: TutorMeta | null }) {
  const { t } = useI18n();
  const fieldText = useFieldErrorText();
  const errorText = useErrorText();
  const { toast } = useToast();
  const update = useUpdateUser(user.id);
  const form = useForm({
    resolver: noticePeriodResolver,
    values: { noticePeriodMinutes: String(meta?.noticePeriodMinutes ?? DEFAULT_NOTICE_PERIOD_MINUTES) },
  });
  return (
    <Form
      data-schema-form
      onSubmit={form.handleSubmit((values) =>
        update.mutate(values, {
          onSuccess: () => toast({ type: 'success', title: t('common.saved') }),
        }),
      )}
    >
      <FormError message={update.error ? errorText(update.error) : undefined} />
      <TextField
        label={t('field.noticePeriod')}
        type="number"
        inputMode="numeric"
        dir="ltr"
        min={0}
        placeholder={String(DEFAULT_NOTICE_PERIOD_MINUTES)}
        hint={t('field.noticePeriodHint')}
        error={fieldText(form.formState.errors.noticePeriodMinutes)}
        {...form.register('noticePeriodMinutes')}
      />
      <FormActions>
        <Button type="submit" loading={update.isPending}>
          {t('common.save')}
        </Button>
      </FormActions>
    </Form>
  );
}
