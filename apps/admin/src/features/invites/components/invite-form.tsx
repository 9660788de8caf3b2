import { errorCodeOf } from '@darsak/client';
import type { User } from '@darsak/domain/users';
import { Alert, Button, Card, Form, FormError, SelectField, Spinner, TextField, useToast } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useState } from 'react';
import { usePlanText } from '../../../lib/plan-text.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { useInvite, usePlans, useStudentSearch } from '../hooks/use-plan-invites.ts';

/** Invite a student to a plan: pick the plan, find the student by search, send. */
export function InviteForm() {
  const { t, errorMessage } = useI18n();
  const text = usePlanText();
  const { toast } = useToast();
  const plans = usePlans();
  const invite = useInvite();
  const [planId, setPlanId] = useState('');
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<User | null>(null);
  const [errors, setErrors] = useState<{ plan?: string; student?: string }>({});
  const q = useDebounced(search);
  const results = useStudentSearch(q);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const next = {
      plan: planId ? undefined : t('payments.admin.invites.planFirst'),
      student: picked ? undefined : t('payments.admin.invites.pickFirst'),
    };
    setErrors(next);
    if (!picked || !planId) return;
    invite.mutate(
      { planId: Number(planId), userId: picked.id },
      {
        onSuccess: () => {
          toast({ type: 'success', title: t('payments.admin.invites.sent', { name: picked.name }) });
          setPicked(null);
          setSearch('');
        },
      },
    );
  };

  return (
    <Card title={t('payments.admin.invites.new')}>
      <Form onSubmit={submit}>
        <FormError message={invite.error ? errorMessage(errorCodeOf(invite.error)) : undefined} />
        <div className="grid gap-4 md:grid-cols-2">
          <SelectField
            label={t('payments.admin.invites.plan')}
            required
            value={planId}
            error={errors.plan}
            onChange={(event) => {
              setPlanId(event.target.value);
              setErrors((e) => ({ ...e, plan: undefined }));
              invite.reset();
            }}
            options={(plans.data ?? []).map((plan) => ({
              value: String(plan.id),
              label: plan.forInvitesOnly
                ? `${text.planName(plan)} (${t('payments.admin.plans.invitesOnly')})`
                : text.planName(plan),
            }))}
          />
          <div className="flex flex-col gap-2">
            <TextField
              label={t('payments.admin.invites.search')}
              hint={t('payments.admin.invites.searchHint')}
              type="search"
              autoComplete="off"
              required
              value={search}
              error={errors.student}
              onChange={(event) => {
                setSearch(event.target.value);
                invite.reset();
              }}
            />
            {q.trim().length >= 2 && (
              <section aria-label={t('payments.admin.invites.results')} className="flex flex-col gap-1">
                {results.isPending ? (
                  <Spinner className="size-5 text-primary-600" label={t('common.loading')} />
                ) : results.data && results.data.list.length > 0 ? (
                  <ul className="flex flex-col divide-y divide-line rounded-xl border border-line">
                    {results.data.list.map((student) => (
                      <li key={student.id} className="flex items-center justify-between gap-3 px-3 py-2">
                        <span className="min-w-0">
                          <span className="block truncate font-semibold">{student.name}</span>
                          <span className="block truncate text-sm text-muted" dir="ltr">
                            {student.email}
                          </span>
                        </span>
                        <Button
                          size="sm"
                          variant={picked?.id === student.id ? 'primary' : 'secondary'}
                          aria-pressed={picked?.id === student.id}
                          aria-label={t('payments.admin.invites.pick', { name: student.name })}
                          onClick={() => {
                            setPicked(student);
                            setErrors((e) => ({ ...e, student: undefined }));
                            invite.reset();
                          }}
                        >
                          {t('payments.admin.invites.choose')}
                        </Button>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="text-sm text-muted">{t('payments.admin.invites.noResults')}</p>
                )}
              </section>
            )}
          </div>
        </div>
        {picked && (
          <Alert tone="info">{t('payments.admin.invites.picked', { name: `${picked.name} (${picked.email})` })}</Alert>
        )}
        <div>
          <Button type="submit" loading={invite.isPending}>
            {t('payments.admin.invites.send')}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
