import { ContactForm, type ContactFormInput, createHttpClient, errorCodeOf, fieldErrorsOf } from '@darsak/client';
import { contactContract } from '@darsak/domain/contact';
import { Alert, Button, Card, Form, FormActions, FormError, TextareaField, TextField } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ar } from '../content/ar.ts';
import { apiUrl } from '../site-env.ts';

const empty: ContactFormInput = { title: '', message: '', name: '', email: '', phone: '' };
const FIELDS = ['title', 'message', 'name', 'email', 'phone'] as const;

/** The contact form of /contact: sends a CONTACT REQUEST to the API (another origin, no sign-in needed). */
export function ContactRequestForm() {
  const c = ar.contact.form;
  const { errorMessage, fieldMessage } = useI18n();
  /** Set once sent: whether the visitor left a way to answer them. */
  const [sent, setSent] = useState<{ reachable: boolean }>();
  const [failure, setFailure] = useState<string>();
  const form = useForm<ContactFormInput>({ resolver: zodResolver(ContactForm), defaultValues: empty });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      const api = createHttpClient({ baseUrl: apiUrl() });
      const body = ContactForm.parse(values);
      await api.callRoute(contactContract.create, { body });
      form.reset(empty);
      setSent({ reachable: Boolean(body.email || body.phone) });
    } catch (error) {
      // The schemas are shared, so the API rarely disagrees; when it does, its field messages go on the fields.
      const byField = fieldErrorsOf(error);
      for (const field of FIELDS) {
        const message = byField[field]?.[0];
        if (message) form.setError(field, { type: 'server', message });
      }
      setFailure(errorMessage(errorCodeOf(error)));
    }
  });

  if (sent) {
    return (
      <Card title={c.title}>
        <Alert
          tone="success"
          title={c.sentTitle}
          action={
            <Button variant="secondary" size="sm" onClick={() => setSent(undefined)}>
              {c.another}
            </Button>
          }
        >
          {sent.reachable ? c.sentBody : c.sentNoReply}
        </Alert>
      </Card>
    );
  }

  return (
    <Card title={c.title} description={c.intro}>
      <Form onSubmit={submit}>
        <FormError message={failure} />
        <TextField
          label={c.fields.title}
          required
          maxLength={100}
          error={fieldMessage(errors.title?.message)}
          {...form.register('title')}
        />
        <TextareaField
          label={c.fields.message}
          required
          rows={6}
          maxLength={2000}
          hint={c.messageHint}
          error={fieldMessage(errors.message?.message)}
          {...form.register('message')}
        />
        <div className="grid gap-4 md:grid-cols-3">
          <TextField
            label={c.fields.name}
            autoComplete="name"
            error={fieldMessage(errors.name?.message)}
            {...form.register('name')}
          />
          <TextField
            label={c.fields.email}
            type="email"
            inputMode="email"
            autoComplete="email"
            dir="ltr"
            error={fieldMessage(errors.email?.message)}
            {...form.register('email')}
          />
          <TextField
            label={c.fields.phone}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            dir="ltr"
            hint={c.phoneHint}
            error={fieldMessage(errors.phone?.message)}
            {...form.register('phone')}
          />
        </div>
        <FormActions>
          <Button type="submit" loading={isSubmitting}>
            {c.submit}
          </Button>
        </FormActions>
      </Form>
    </Card>
  );
}
