import { describe, expect, it, vi } from 'vitest';
import { formResolver, loadFormValidationOnFocus } from './forms.ts';

// Counts the loads of zod's resolver: the validation is fetched once, when it is first needed.
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('@hookform/resolvers/zod', async (importOriginal) => {
  loads.count += 1;
  return importOriginal();
});

const signIn = formResolver((forms) => forms.SignInForm);
const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('the forms’ validation', () => {
  it('is not loaded before a form needs it, nor by a field of a form no schema validates', async () => {
    loadFormValidationOnFocus();
    const search = document.body.appendChild(document.createElement('input'));
    search.focus();
    const composer = document.body.appendChild(document.createElement('form'));
    composer.appendChild(document.createElement('input')).focus();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loads.count).toBe(0);
    search.remove();
    composer.remove();
  });

  it('starts loading when a field of a schema-validated form first takes the focus', async () => {
    const form = document.body.appendChild(document.createElement('form'));
    form.dataset.schemaForm = '';
    form.appendChild(document.createElement('input')).focus();
    await vi.waitFor(() => expect(loads.count).toBe(1));
    form.remove();
  });

  it('gives the submit handler the schema’s output, and field-message keys for what is wrong', async () => {
    expect(await signIn({ email: ' Sara@Example.com ', password: 'secret123' }, undefined, options)).toEqual({
      values: { email: 'sara@example.com', password: 'secret123' },
      errors: {},
    });
    const refused = await signIn({ email: '', password: '' }, undefined, options);
    expect(refused.values).toEqual({});
    expect(refused.errors.email?.message).toBe('required');
    expect(refused.errors.password?.message).toBe('required');
    expect(loads.count).toBe(1);
  });
});
