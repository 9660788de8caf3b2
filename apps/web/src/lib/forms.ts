import { errorCodeOf, fieldErrorsOf } from '@darsak/client';
import { useI18n } from '@darsak/ui/i18n';
import { useCallback } from 'react';
import type { FieldError, FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';

/** Turns a form field's error (a field-message key) into text in the current language. */
export function useFieldErrorText(): (error: Pick<FieldError, 'message'> | undefined) => string | undefined {
  const { fieldMessage } = useI18n();
  return useCallback((error) => fieldMessage(error?.message), [fieldMessage]);
}

/** The text of any failure: the API's coded message, or "unexpected". */
export function useErrorText(): (error: unknown) => string {
  const { errorMessage } = useI18n();
  return useCallback((error) => errorMessage(errorCodeOf(error)), [errorMessage]);
}

/**
 * Puts the field errors of a `bad-request` answer (`details.fields`) on the form's fields.
 * Returns true when at least one field got an error.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  const byField = fieldErrorsOf(error);
  let applied = false;
  for (const field of fields) {
    const message = byField[field]?.[0];
    if (message) {
      setError(field, { type: 'server', message });
      applied = true;
    }
  }
  return applied;
}

const loadValidation = () => Promise.all([import('@darsak/client/forms'), import('@hookform/resolvers/zod')]);
let validation: ReturnType<typeof loadValidation> | undefined;

/** The forms' schemas, zod and zod's resolver, loaded once; a load that failed is tried again on the next call. */
function formValidation(): ReturnType<typeof loadValidation> {
  if (!validation) {
    const started = loadValidation();
    started.catch(() => {
      validation = undefined;
    });
    validation = started;
  }
  return validation;
}

/**
 * A form's resolver, given its schema in `@darsak/client/forms`. The validation loads when a form first takes the
 * focus (`loadFormValidationOnFocus`) or on its first submit, so a page with forms renders without evaluating zod;
 * `handleSubmit` gets the schema's output.
 */
export function formResolver<Input extends FieldValues, Output extends FieldValues>(
  schemaOf: (forms: Awaited<ReturnType<typeof loadValidation>>[0]) => z.ZodType<Output, Input>,
): Resolver<Input, unknown, Output> {
  let resolve: Resolver<Input, unknown, Output> | undefined;
  return async (values, context, options) => {
    if (!resolve) {
      const [forms, { zodResolver }] = await formValidation();
      resolve = zodResolver(schemaOf(forms));
    }
    return resolve(values, context, options);
  };
}

/**
 * Starts loading the forms' validation when a field of a form validated through `formResolver` first takes the
 * focus, before the user submits. Such a form carries `data-schema-form`; one without it loads on its first submit.
 */
export function loadFormValidationOnFocus(): void {
  const onFocus = (event: FocusEvent) => {
    if (!(event.target instanceof Element) || !event.target.closest('form[data-schema-form]')) return;
    document.removeEventListener('focusin', onFocus);
    void formValidation();
  };
  document.addEventListener('focusin', onFocus);
}

/** The 5-digit code of a verification or a password reset. */
export const codeResolver = formResolver((forms) => forms.CodeForm);

/** Sign-up, by the role signing up (a tutor's name is Arabic, in two parts). */
export const registerResolvers = {
  student: formResolver((forms) => forms.registerForm('student')),
  tutor: formResolver((forms) => forms.registerForm('tutor')),
};
