import { errorCodeOf, fieldErrorsOf } from '@darsak/client';
import { useI18n } from '@darsak/ui/i18n';
import { useCallback } from 'react';
import type { FieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';

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
