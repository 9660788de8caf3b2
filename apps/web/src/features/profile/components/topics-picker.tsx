import { myTopicsQuery, topicsQuery } from '@darsak/client';
import { MAX_FAVOURITE_TOPICS } from '@darsak/domain/topics';
import {
  Button,
  ChipCheckbox,
  EmptyState,
  Fieldset,
  Form,
  FormActions,
  FormError,
  LoadingAnimation,
  useToast,
} from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api.ts';
import { useErrorText } from '../../../lib/forms.ts';
import { useReplaceTopics } from '../hooks/use-profile-mutations.ts';

/** Favourite topics (complete-profile step 3 and the tutor profile settings). */
export function TopicsPicker({ submitLabel, onSaved }: { submitLabel?: string; onSaved?: () => void }) {
  const { t, locale, format } = useI18n();
  const errorText = useErrorText();
  const { toast } = useToast();
  const all = useQuery(topicsQuery(api));
  const mine = useQuery(myTopicsQuery(api));
  const replace = useReplaceTopics();
  const [selected, setSelected] = useState<number[]>([]);

  useEffect(() => {
    if (mine.data) setSelected(mine.data.list.map((topic) => topic.id));
  }, [mine.data]);

  const loadError = all.error ?? mine.error;
  if (loadError) return <FormError message={errorText(loadError)} />;
  if (!all.data || !mine.data) return <LoadingAnimation />;
  const topics = all.data.list;
  if (topics.length === 0) return <EmptyState title={t('profile.topics.empty')} level={3} />;

  const toggle = (id: number, checked: boolean) =>
    setSelected((current) => (checked ? [...current, id] : current.filter((value) => value !== id)));
  const full = selected.length >= MAX_FAVOURITE_TOPICS;

  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        replace.mutate(selected, {
          // A caller that goes on (the stepper's last step) says what happened itself: one toast, not two.
          onSuccess: () => (onSaved ? onSaved() : toast({ type: 'success', title: t('profile.topics.saved') })),
        });
      }}
    >
      <FormError message={replace.error ? errorText(replace.error) : undefined} />
      <Fieldset legend={t('profile.topics.intro', { count: MAX_FAVOURITE_TOPICS })}>
        <div className="flex flex-wrap gap-2">
          {topics.map((topic) => {
            const checked = selected.includes(topic.id);
            return (
              <ChipCheckbox
                key={topic.id}
                label={locale === 'ar' ? topic.nameAr : topic.nameEn}
                checked={checked}
                disabled={!checked && full}
                onChange={(event) => toggle(topic.id, event.target.checked)}
              />
            );
          })}
        </div>
        <p className="text-sm text-muted" aria-live="polite">
          {t('profile.topics.count', {
            count: format.number(selected.length),
            max: format.number(MAX_FAVOURITE_TOPICS),
          })}
        </p>
      </Fieldset>
      <FormActions>
        <Button type="submit" loading={replace.isPending}>
          {submitLabel ?? t('common.save')}
        </Button>
      </FormActions>
    </Form>
  );
}
