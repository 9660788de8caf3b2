import { GOVERNORATES, type User } from '@darsak/domain/users';
import { Button, Form, FormActions, FormError, SelectField, TextField, useToast } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useForm } from 'react-hook-form';
import { applyServerFieldErrors, formResolver, useErrorText, useFieldErrorText } from '../../../lib/forms.ts';
import { isTutorLike } from '../../../lib/roles.ts';
import { useUpdateUser } from '../hooks/use-profile-mutations.ts';

const mainInfoResolvers = {
  edit: {
    student: formResolver((forms) => forms.mainInfoForm('student')),
    tutor: formResolver((forms) => forms.mainInfoForm('tutor')),
  },
  complete: {
    student: formResolver((forms) => forms.mainInfoForm('student', 'complete')),
    tutor: formResolver((forms) => forms.mainInfoForm('tutor', 'complete')),
  },
};

const text = (value: string | number | null) => (value === null ? '' : String(value));

/**
 * Name, phone, governorate, birth year, gender and job: the profile page (`edit`), and complete-profile step 1
 * (`complete`), where every field the completion needs is required.
 */
export function MainInfoForm({
  user,
  submitLabel,
  onSaved,
  purpose = 'edit',
}: {
  user: User;
  submitLabel?: string;
  onSaved?: () => void;
  purpose?: 'edit' | 'complete';
}) {
  const { t, locale, format } = useI18n();
  const fieldText = useFieldErrorText();
  const errorText = useErrorText();
  const { toast } = useToast();
  const update = useUpdateUser(user.id);
  const tutor = isTutorLike(user.role);
  const needed = purpose === 'complete';
  const form = useForm({
    resolver: mainInfoResolvers[purpose][tutor ? 'tutor' : 'student'],
    defaultValues: {
      name: user.name,
      phone: text(user.phone),
      governorate: text(user.governorate),
      birthYear: text(user.birthYear),
      gender: text(user.gender),
      job: text(user.job),
    },
  });
  const { errors } = form.formState;

  // A number the account has is changed only with the password and a code (settings, contact details).
  const phoneLocked = user.phone !== null;
  const onSubmit = form.handleSubmit((values) => {
    const { phone, ...rest } = values;
    return update.mutate(phoneLocked ? rest : { ...rest, phone }, {
      onSuccess: () => {
        toast({ type: 'success', title: t('profile.updated') });
        onSaved?.();
      },
      onError: (error) =>
        applyServerFieldErrors(error, form.setError, ['name', 'phone', 'governorate', 'birthYear', 'gender', 'job']),
    });
  });

  return (
    <Form data-schema-form onSubmit={onSubmit}>
      <FormError message={update.error ? errorText(update.error) : undefined} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t(tutor ? 'field.nameArabic' : 'field.name')}
          autoComplete="name"
          required
          hint={tutor ? t('field.nameTutorHint') : undefined}
          error={fieldText(errors.name)}
          className="sm:col-span-2"
          {...form.register('name')}
        />
        <TextField
          label={t('field.phone')}
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          dir="ltr"
          placeholder={t('field.phonePlaceholder')}
          readOnly={phoneLocked}
          required={needed}
          hint={phoneLocked ? t('field.phoneChangeHint') : t('field.phoneHint')}
          error={fieldText(errors.phone)}
          {...form.register('phone')}
        />
        <SelectField
          label={t('field.governorate')}
          required={needed}
          options={GOVERNORATES.map((g) => ({ value: g.id, label: locale === 'ar' ? g.ar : g.en }))}
          error={fieldText(errors.governorate)}
          {...form.register('governorate')}
        />
        <TextField
          label={t('field.birthYear')}
          type="number"
          inputMode="numeric"
          dir="ltr"
          required={needed}
          placeholder={format.number(2000, { useGrouping: false })}
          error={fieldText(errors.birthYear)}
          {...form.register('birthYear')}
        />
        <SelectField
          label={t('field.gender')}
          required={needed}
          options={[
            { value: 'male', label: t('gender.male') },
            { value: 'female', label: t('gender.female') },
          ]}
          error={fieldText(errors.gender)}
          {...form.register('gender')}
        />
        <TextField
          label={t('field.job')}
          autoComplete="organization-title"
          error={fieldText(errors.job)}
          className="sm:col-span-2"
          {...form.register('job')}
        />
      </div>
      <FormActions>
        <Button type="submit" loading={update.isPending}>
          {submitLabel ?? t('common.save')}
        </Button>
      </FormActions>
    </Form>
  );
}
