import { errorCodeOf, fieldErrorsOf } from '@darsak/client';
import { Topic, type TopicItem } from '@darsak/domain/topics';
import { Button, Form, FormActions, FormError, TextField, useToast } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { useSaveTopic } from '../hooks/use-topics.ts';

function TopicFormBody({ topic, onDone }: { topic: TopicItem | null; onDone: () => void }) {
  const { t, fieldMessage, errorMessage } = useI18n();
  const { toast } = useToast();
  const save = useSaveTopic();
  const form = useForm<Topic>({
    resolver: zodResolver(Topic),
    defaultValues: { nameAr: topic?.nameAr ?? '', nameEn: topic?.nameEn ?? '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((names) =>
    save.mutate(
      { id: topic?.id ?? null, names },
      {
        onSuccess: () => {
          toast({ type: 'success', title: t('staff.topics.saved') });
          onDone();
        },
        onError: (error) => {
          for (const [field, messages] of Object.entries(fieldErrorsOf(error))) {
            if (messages[0] && field in names)
              form.setError(field as Path<Topic>, { type: 'server', message: messages[0] });
          }
        },
      },
    ),
  );
  return (
    <Form onSubmit={onSubmit}>
      <FormError
        message={
          save.error && Object.keys(fieldErrorsOf(save.error)).length === 0
            ? errorMessage(errorCodeOf(save.error))
            : undefined
        }
      />
      <TextField
        label={t('staff.topics.nameAr')}
        required
        error={fieldMessage(errors.nameAr?.message)}
        {...form.register('nameAr')}
      />
      <TextField
        label={t('staff.topics.nameEn')}
        dir="ltr"
        required
        error={fieldMessage(errors.nameEn?.message)}
        {...form.register('nameEn')}
      />
      <FormActions>
        <Button type="submit" loading={save.isPending}>
          {t('common.save')}
        </Button>
      </FormActions>
    </Form>
  );
}

/** Create a topic or rename one (Arabic and English). */
export function TopicFormDialog({ topic, trigger }: { topic: TopicItem | null; trigger: ReactNode }) {
  const { t } = useI18n();
  return (
    <FormDialog
      title={topic ? t('staff.topics.rename') : t('staff.topics.new')}
      trigger={trigger}
      form={(close) => <TopicFormBody topic={topic} onDone={close} />}
    />
  );
}
