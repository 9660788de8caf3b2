import {
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_MESSAGE_MIN_LENGTH,
  CONTACT_TITLE_MAX_LENGTH,
  CONTACT_TITLE_MIN_LENGTH,
} from '@darsak/domain/contact';
import { Alert, Button, Card, FormActions, TextareaField, TextField } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { localePath, useSite } from './site-context.tsx';

const FORM_ID = 'contact-form';

/**
 * The contact form of /contact: a plain form posted to this site's server, which sends the CONTACT REQUEST to
 * the API and answers with the thank-you page, or with this page again showing why it was refused and keeping
 * what was written. No JavaScript: the browser's own checks run first, the schemas on the server decide.
 */
export function ContactRequestForm() {
  const { content, locale, live } = useSite();
  const { errorMessage, fieldMessage } = useI18n();
  const c = content.contact.form;
  const values = live.contact?.values ?? {};
  const refusal = live.contact?.refusal;
  const field = (name: 'title' | 'message' | 'name' | 'email' | 'phone') => ({
    name,
    defaultValue: values[name] ?? '',
    error: fieldMessage(refusal?.fields?.[name]),
  });
  return (
    <Card id={FORM_ID} title={c.title} description={c.intro}>
      {/* the fragment brings a refused form's answer into view */}
      <form method="post" action={`${localePath(locale, '/contact/')}#${FORM_ID}`} className="flex flex-col gap-4">
        {refusal && (
          <Alert tone="error" title={c.failedTitle}>
            {errorMessage(refusal.code)}
          </Alert>
        )}
        <TextField
          label={c.fields.title}
          required
          minLength={CONTACT_TITLE_MIN_LENGTH}
          maxLength={CONTACT_TITLE_MAX_LENGTH}
          {...field('title')}
        />
        <TextareaField
          label={c.fields.message}
          required
          rows={6}
          minLength={CONTACT_MESSAGE_MIN_LENGTH}
          maxLength={CONTACT_MESSAGE_MAX_LENGTH}
          hint={c.messageHint}
          {...field('message')}
        />
        <div className="grid gap-4 md:grid-cols-3">
          <TextField label={c.fields.name} autoComplete="name" {...field('name')} />
          <TextField
            label={c.fields.email}
            type="email"
            inputMode="email"
            autoComplete="email"
            dir="ltr"
            {...field('email')}
          />
          <TextField
            label={c.fields.phone}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            dir="ltr"
            hint={c.phoneHint}
            {...field('phone')}
          />
        </div>
        <FormActions>
          <Button type="submit">{c.submit}</Button>
        </FormActions>
      </form>
    </Card>
  );
}
