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

type FormSchemas = typeof import('@darsak/client/forms');

/**
 * A form's resolver, given its schema in `@darsak/client/forms`. That module, zod and zod's resolver load on the
 * form's first validation (its first submit), so a page with forms renders without evaluating them; `handleSubmit`
 * gets the schema's output. A chunk that fails to load is tried again on the next submit.
 */
export function formResolver<Input extends FieldValues, Output extends FieldValues>(
  schemaOf: (forms: FormSchemas) => z.ZodType<Output, Input>,
): Resolver<Input, unknown, Output> {
  let loading: Promise<Resolver<Input, unknown, Output>> | undefined;
  return (values, context, options) => {
    if (!loading) {
      const started = Promise.all([import('@darsak/client/forms'), import('@hookform/resolvers/zod')]).then(
        ([forms, { zodResolver }]) => zodResolver(schemaOf(forms)),
      );
      started.catch(() => {
        loading = undefined;
      });
      loading = started;
    }
    return loading.then((resolve) => resolve(values, context, options));
  };
}

/** The 5-digit code of a verification or a password reset. */
export const codeResolver = formResolver((forms) => forms.CodeForm);

/** Sign-up, by the role signing up (a tutor's name is Arabic, in two parts). */
export const registerResolvers = {
  student: formResolver((forms) => forms.registerForm('student')),
  tutor: formResolver((forms) => forms.registerForm('tutor')),
};
