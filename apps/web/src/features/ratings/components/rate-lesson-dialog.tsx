import { isApiError, ratingsByRaterQuery } from '@darsak/client';
import { RATING_LABELS, RATING_TEXT_MAX_LENGTH } from '@darsak/domain/ratings';
import { Alert, Button, Dialog, Fieldset, Form, FormActions, FormError, TextareaField, useToast } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { api } from '../../../lib/api.ts';
import { formResolver, useErrorText, useFieldErrorText } from '../../../lib/forms.ts';
import { useCreateRating, useUpdateRating } from '../hooks/use-rating-mutations.ts';

const resolver = formResolver((forms) => forms.RatingForm);

/**
 * Rating the tutor of a fulfilled lesson: a value from bad to excellent and a text. One rating per tutor: when
 * the student already rated this tutor the dialog edits that rating (also after a `rating-exists` answer).
 */
export function RateLessonDialog({
  open,
  onOpenChange,
  lessonId,
  tutor,
  raterId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  lessonId: number;
  tutor: { id: number; name: string };
  raterId: number;
}) {
  const { t, locale, errorMessage } = useI18n();
  const fieldText = useFieldErrorText();
  const errorText = useErrorText();
  const { toast } = useToast();
  const mine = useQuery({ ...ratingsByRaterQuery(api, raterId), enabled: open });
  const existing = mine.data?.list.find((rating) => rating.rateeId === tutor.id);
  const create = useCreateRating(tutor.id);
  const update = useUpdateRating(tutor.id);
  const [existsNotice, setExistsNotice] = useState(false);
  const form = useForm({
    resolver,
    defaultValues: { value: 0, text: '' },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (existing) form.reset({ value: existing.value, text: existing.text ?? '' });
  }, [existing, form]);

  useEffect(() => {
    if (!open) {
      setExistsNotice(false);
      create.reset();
      update.reset();
    }
  }, [open, create.reset, update.reset]);

  const submit = form.handleSubmit(async ({ value, text }) => {
    const body = { value, text: text?.trim() ? text.trim() : null };
    try {
      if (existing) await update.mutateAsync({ id: existing.id, body });
      else await create.mutateAsync({ lessonId, ...body });
      toast({ type: 'success', title: t(existing ? 'booking.rate.updated' : 'booking.rate.created') });
      onOpenChange(false);
    } catch (error) {
      if (isApiError(error, 'rating-exists')) {
        // Rated this tutor before (another lesson, another tab): load that rating and edit it instead.
        setExistsNotice(true);
        create.reset();
        await mine.refetch();
      }
    }
  });

  const failure = create.error ?? update.error;
  const editing = Boolean(existing);
  const value = form.watch('value');

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(editing ? 'booking.rate.editTitle' : 'booking.rate.title')}
      description={t('booking.rate.description', { name: tutor.name })}
    >
      <Form data-schema-form onSubmit={submit}>
        {existsNotice && <Alert tone="info">{errorMessage('rating-exists')}</Alert>}
        {mine.isError && <FormError message={errorText(mine.error)} />}
        <FormError message={failure ? errorText(failure) : undefined} />
        <Fieldset legend={t('booking.rate.value')} aria-describedby={errors.value ? 'rate-value-error' : undefined}>
          <div className="grid grid-cols-5 gap-2">
            {RATING_LABELS.map((label) => (
              <label
                key={label.value}
                className="flex cursor-pointer flex-col items-center gap-1 rounded-xl border border-line p-2 text-center text-xs font-semibold has-checked:border-primary-500 has-checked:bg-primary-50 has-checked:text-primary-800 has-focus-visible:outline-2 has-focus-visible:outline-primary-600"
              >
                <input
                  type="radio"
                  name="rating-value"
                  className="sr-only"
                  value={label.value}
                  checked={value === label.value}
                  onChange={() => form.setValue('value', label.value, { shouldValidate: form.formState.isSubmitted })}
                />
                <span
                  aria-hidden="true"
                  className="max-w-full text-base leading-tight break-all text-accent-400 sm:text-lg"
                >
                  {'★'.repeat(label.value)}
                </span>
                {locale === 'ar' ? label.ar : label.en}
              </label>
            ))}
          </div>
          {errors.value && (
            <p id="rate-value-error" className="text-sm font-medium text-red-700">
              {fieldText(errors.value)}
            </p>
          )}
        </Fieldset>
        <TextareaField
          label={t('booking.rate.text')}
          hint={t('booking.rate.textHint')}
          rows={4}
          maxLength={RATING_TEXT_MAX_LENGTH}
          error={fieldText(errors.text)}
          {...form.register('text')}
        />
        <FormActions>
          <Button type="submit" loading={create.isPending || update.isPending} disabled={mine.isPending}>
            {t(editing ? 'booking.rate.saveEdit' : 'booking.rate.submit')}
          </Button>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
        </FormActions>
      </Form>
    </Dialog>
  );
}
