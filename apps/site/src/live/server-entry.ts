/**
 * What the server serving the site needs from it at run time, bundled by the build into
 * dist/.server/live-page.js (a dot directory, never served): rendering the live parts of a page, reading the
 * public plan list, and checking a contact form posted without JavaScript.
 */
import { ContactForm } from '@darsak/client/forms';
import { pageOf } from '@darsak/domain/common';
import type { ContactRequest } from '@darsak/domain/contact';
import { type Plan, PlanSchema } from '@darsak/domain/plans';
import type { ContactRefusal } from '../components/site-context.tsx';
import { loadSiteLocales } from '../content/index.ts';

export { livePage, showsPlans } from './live-regions.tsx';

// Every page language's catalogue is ready before the server renders any page's live parts.
await loadSiteLocales();

const PlanPage = pageOf(PlanSchema);

/** The plans of a `/api/v1/plan/list` answer, or null when it is not one. */
export function plansOf(status: number, body: unknown): readonly Plan[] | null {
  const page = status === 200 ? PlanPage.safeParse(body) : undefined;
  return page?.success ? page.data.list : null;
}

/** The form's fields as written (strings only, for writing them back into a refused form). */
export function formValuesOf(form: unknown): Record<string, string> {
  if (typeof form !== 'object' || form === null) return {};
  return Object.fromEntries(
    Object.entries(form).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** A posted contact form checked by the same schema as the API's: the request to send, or why it is refused. */
export function contactSubmission(
  values: Record<string, string>,
): { request: ContactRequest } | { refusal: ContactRefusal } {
  const parsed = ContactForm.safeParse(values);
  if (parsed.success) return { request: parsed.data };
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
  return { refusal: { code: 'bad-request', fields } };
}

/** The API's refusal of a contact request: its code and field messages. */
export function contactRefusalOf(body: unknown): ContactRefusal {
  const answer = typeof body === 'object' && body !== null ? (body as Partial<ContactRefusal>) : {};
  return {
    code: typeof answer.code === 'string' ? answer.code : 'unexpected',
    ...(answer.fields && typeof answer.fields === 'object' ? { fields: answer.fields } : {}),
  };
}
