import { errorCodeOf, fieldErrorsOf } from '@darsak/client';
import { isAdminGrant } from '@darsak/domain/invites';
import { Email, PersonName, ROLE_IDS, Role, type RoleId } from '@darsak/domain/users';
import { Button, Form, FormActions, FormError, SelectField, TextField, useToast } from '@darsak/ui';
import { type MessageKey, useI18n } from '@darsak/ui/i18n';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import { usePlanText } from '../../../lib/plan-text.ts';
import { usePlans } from '../../invites/hooks/use-plan-invites.ts';
import { useCreateInvite } from '../hooks/use-invites.ts';

const InviteForm = z.object({
  email: Email,
  name: z.union([z.literal(''), PersonName]),
  role: z.string().min(1, 'required'),
  planId: z.string(),
});
type InviteFormValues = z.infer<typeof InviteForm>;

function InviteFormBody({ onDone }: { onDone: () => void }) {
  const { t, fieldMessage, errorMessage } = useI18n();
  const { toast } = useToast();
  const text = usePlanText();
  const plans = usePlans();
  const me = useAuth().user;
  const create = useCreateInvite();
  const form = useForm<InviteFormValues>({
    resolver: zodResolver(InviteForm),
    defaultValues: { email: '', name: '', role: String(Role.student), planId: '' },
  });
  const role = Number(form.watch('role')) as RoleId;
  const { errors } = form.formState;
  const err = (name: keyof InviteFormValues) => fieldMessage(errors[name]?.message);
  // Admin roles are a super admin's to give (DESIGN §4).
  const roles = ROLE_IDS.filter((id) => me?.role === Role.superAdmin || !isAdminGrant(id));

  const onSubmit = form.handleSubmit((values) => {
    const body = {
      email: values.email,
      role: Number(values.role) as RoleId,
      ...(values.name ? { name: values.name } : {}),
      ...(values.planId && Number(values.role) === Role.student ? { planId: Number(values.planId) } : {}),
    };
    create.mutate(body, {
      onSuccess: () => {
        toast({ type: 'success', title: t('staff.invites.sent', { email: values.email }) });
        onDone();
      },
      onError: (error) => {
        for (const [field, messages] of Object.entries(fieldErrorsOf(error))) {
          if (field in values && messages[0]) {
            form.setError(field as Path<InviteFormValues>, { type: 'server', message: messages[0] });
          }
        }
      },
    });
  });

  return (
    <Form onSubmit={onSubmit}>
      <FormError
        message={
          create.error && Object.keys(fieldErrorsOf(create.error)).length === 0
            ? errorMessage(errorCodeOf(create.error))
            : undefined
        }
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('staff.invites.email')}
          type="email"
          dir="ltr"
          autoComplete="off"
          required
          error={err('email')}
          {...form.register('email')}
        />
        <TextField label={t('staff.invites.name')} error={err('name')} {...form.register('name')} />
        <SelectField
          label={t('staff.invites.role')}
          hint={me?.role === Role.superAdmin ? undefined : t('staff.invites.adminRolesHint')}
          placeholder={false}
          required
          options={roles.map((id) => ({ value: String(id), label: t(`role.${id}` as MessageKey) }))}
          error={err('role')}
          {...form.register('role')}
        />
        {role === Role.student && (
          <SelectField
            label={t('staff.invites.plan')}
            hint={t('staff.invites.planHint')}
            placeholder={t('staff.invites.noPlan')}
            options={(plans.data ?? []).map((plan) => ({ value: String(plan.id), label: text.planName(plan) }))}
            {...form.register('planId')}
          />
        )}
      </div>
      <p className="text-sm text-muted">{t('staff.invites.linkNote')}</p>
      <FormActions>
        <Button type="submit" loading={create.isPending}>
          {t('staff.invites.send')}
        </Button>
      </FormActions>
    </Form>
  );
}

/** Invite a person by e-mail with a role (and, for a student, a plan invite). */
export function InviteDialog({ trigger }: { trigger: ReactNode }) {
  const { t } = useI18n();
  return (
    <FormDialog title={t('staff.invites.new')} trigger={trigger} form={(close) => <InviteFormBody onDone={close} />} />
  );
}
