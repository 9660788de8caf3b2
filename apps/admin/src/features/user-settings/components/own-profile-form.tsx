import { errorCodeOf, fieldErrorsOf } from '@darsak/client';
import { EgyptianMobile, PersonName, type User, usersContract } from '@darsak/domain/users';
import { Button, Card, Form, FormActions, FormError, TextField, useToast } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { type Path, useForm } from 'react-hook-form';
import { z } from 'zod';
import { api } from '../../../lib/api.ts';
import { authStore } from '../../../lib/auth-store.ts';

const ProfileForm = z.object({ name: PersonName, phone: z.union([z.literal(''), EgyptianMobile]) });
type ProfileFormValues = z.infer<typeof ProfileForm>;

/** The staff member's own name and phone (PUT /api/v1/user/{id}); a new phone is verified again. */
export function OwnProfileForm({ user }: { user: User }) {
  const { t, fieldMessage, errorMessage } = useI18n();
  const { toast } = useToast();
  const form = useForm<ProfileFormValues>({
    resolver: zodResolver(ProfileForm),
    defaultValues: { name: user.name, phone: user.phone ?? '' },
  });
  const save = useMutation({
    mutationFn: (values: ProfileFormValues) =>
      api.callRoute(usersContract.update, {
        params: { id: user.id },
        body: { name: values.name, phone: values.phone || null },
      }),
    onSuccess: (saved) => {
      authStore.updateUser(saved, null);
      toast({ type: 'success', title: t('common.saved') });
    },
    onError: (error) => {
      for (const [field, messages] of Object.entries(fieldErrorsOf(error))) {
        if (messages[0] && (field === 'name' || field === 'phone')) {
          form.setError(field as Path<ProfileFormValues>, { type: 'server', message: messages[0] });
        }
      }
    },
  });
  const { errors } = form.formState;
  return (
    <Card title={t('staff.settings.profile')}>
      <Form onSubmit={form.handleSubmit((values) => save.mutate(values))}>
        <FormError
          message={
            save.error && Object.keys(fieldErrorsOf(save.error)).length === 0
              ? errorMessage(errorCodeOf(save.error))
              : undefined
          }
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('staff.users.name')}
            required
            error={fieldMessage(errors.name?.message)}
            {...form.register('name')}
          />
          <TextField
            label={t('staff.users.phone')}
            type="tel"
            dir="ltr"
            inputMode="tel"
            error={fieldMessage(errors.phone?.message)}
            {...form.register('phone')}
          />
          <TextField
            label={t('staff.users.email')}
            dir="ltr"
            value={user.email}
            readOnly
            hint={t('staff.settings.emailHint')}
          />
        </div>
        <FormActions>
          <Button type="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </FormActions>
      </Form>
    </Card>
  );
}
