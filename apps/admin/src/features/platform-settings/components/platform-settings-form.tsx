import { errorCodeOf, fieldErrorsOf } from '@darsak/client';
import { ORDERED_SETTINGS, type PlatformSettingsView } from '@darsak/domain/settings';
import {
  Button,
  Card,
  ChipCheckbox,
  Dialog,
  DialogClose,
  Fieldset,
  Form,
  FormActions,
  FormError,
  TextField,
  useToast,
} from '@darsak/ui';
import { type MessageKey, useI18n } from '@darsak/ui/i18n';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useUpdatePlatformSettings } from '../hooks/use-platform-settings.ts';
import {
  boundsOf,
  type ChoiceField,
  changesOf,
  errorNameOf,
  formNameOf,
  formOf,
  isChoice,
  isMoney,
  optionNameOf,
  patchOf,
  SETTING_GROUPS,
  type SettingChange,
  type SettingField,
  type SettingsForm,
  SettingsFormSchema,
  type SettingUnit,
  valueAt,
} from '../setting-fields.ts';

type CountedUnit = Exclude<SettingUnit, 'egp' | 'egpPerMinute' | 'hourOfDay'>;

/**
 * A setting's value as people read it: money in EGP, an hour of the day as a clock hour, else a counted unit; a
 * choice lists its options.
 */
function useSettingText() {
  const { t, format, intlLocale } = useI18n();
  const list = useMemo(() => new Intl.ListFormat(intlLocale), [intlLocale]);
  const one = (field: Pick<SettingField, 'unit'>, value: number) => {
    if (isMoney(field.unit)) return format.piastres(value);
    if (field.unit === 'hourOfDay') return t('platform.hourValue', { hour: format.number(value) });
    // the units left (money and the hour of the day are handled above) are counted nouns
    return t(`platform.count.${field.unit as CountedUnit}`, { count: value });
  };
  return (field: Pick<SettingField, 'unit'>, value: number | readonly number[]) =>
    typeof value === 'number' ? one(field, value) : list.format(value.map((v) => one(field, v)));
}

function SettingInput({
  field,
  view,
  form,
}: {
  field: SettingField;
  view: PlatformSettingsView;
  form: ReturnType<typeof useForm<SettingsForm>>;
}) {
  const { t, format, fieldMessage } = useI18n();
  const text = useSettingText();
  const name = formNameOf(field.path);
  const { min, max } = boundsOf(field);
  const error = form.formState.errors[name];
  // Settings that cross say so (from the form's check or the server's); other refusals give the bounds.
  const crossing = ORDERED_SETTINGS.find((pair) => pair.message === error?.message);
  const bounds = { min: format.number(min), max: format.number(max) };
  return (
    <TextField
      label={`${t(`platform.field.${field.path}` as MessageKey)} (${t(`platform.unit.${field.unit}` as MessageKey)})`}
      hint={
        <>
          {t(`platform.hint.${field.path}` as MessageKey)}{' '}
          {t('platform.range', { ...bounds, default: text(field, valueAt(view.defaults, field.path)) })}
        </>
      }
      error={
        error === undefined
          ? undefined
          : crossing
            ? fieldMessage(crossing.message)
            : t(isMoney(field.unit) ? 'platform.moneyInvalid' : 'platform.outOfRange', bounds)
      }
      inputMode={isMoney(field.unit) ? 'decimal' : 'numeric'}
      dir="ltr"
      required
      {...form.register(name)}
    />
  );
}

/** A setting chosen as a set: one checkbox per option, at least one ticked. */
function ChoiceInput({
  field,
  view,
  form,
}: {
  field: ChoiceField;
  view: PlatformSettingsView;
  form: ReturnType<typeof useForm<SettingsForm>>;
}) {
  const { t, fieldMessage } = useI18n();
  const text = useSettingText();
  const error = form.formState.errors[field.path];
  const [hintId, errorId] = [`${field.path}-hint`, `${field.path}-error`];
  return (
    <Fieldset
      legend={t(`platform.field.${field.path}` as MessageKey)}
      aria-describedby={error ? `${hintId} ${errorId}` : hintId}
    >
      <p id={hintId} className="text-sm text-muted">
        {t(`platform.hint.${field.path}` as MessageKey)}{' '}
        {t('platform.choiceDefault', { default: text(field, view.defaults[field.path]) })}
      </p>
      <div className="flex flex-wrap gap-2">
        {field.options.map((option) => (
          <ChipCheckbox
            key={option}
            label={text(field, option)}
            aria-invalid={error ? true : undefined}
            {...form.register(optionNameOf(field, option))}
          />
        ))}
      </div>
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {fieldMessage(error.message)}
        </p>
      )}
    </Fieldset>
  );
}

function ChangesDialog({
  changes,
  busy,
  onConfirm,
  onClose,
}: {
  changes: SettingChange[] | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const text = useSettingText();
  return (
    <Dialog
      open={changes !== null}
      onOpenChange={(open) => !open && onClose()}
      size="sm"
      title={t('platform.confirmTitle')}
      description={t('platform.confirmDescription')}
    >
      <ul className="mb-5 space-y-2 text-sm">
        {changes?.map(({ field, before, after }) => (
          <li key={field.path} className="rounded-lg bg-primary-50 px-3 py-2">
            <span className="font-semibold">{t(`platform.field.${field.path}` as MessageKey)}</span>
            {': '}
            <span>{text(field, before)}</span> <span aria-hidden="true">{t('staff.audit.arrow')}</span>
            <span className="sr-only">{' → '}</span> <span className="font-semibold">{text(field, after)}</span>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button loading={busy} onClick={onConfirm}>
          {t('platform.confirm')}
        </Button>
        <DialogClose asChild>
          <Button variant="secondary">{t('common.cancel')}</Button>
        </DialogClose>
      </div>
    </Dialog>
  );
}

/** Every setting grouped, checked against the domain's bounds, saved after a confirmation naming each change. */
export function PlatformSettingsForm({ view }: { view: PlatformSettingsView }) {
  const { t, errorMessage, format } = useI18n();
  const { toast } = useToast();
  const update = useUpdatePlatformSettings();
  const form = useForm<SettingsForm>({ resolver: zodResolver(SettingsFormSchema), defaultValues: formOf(view.values) });
  const [pending, setPending] = useState<SettingChange[] | null>(null);
  const [nothingChanged, setNothingChanged] = useState(false);
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  useEffect(() => form.reset(formOf(view.values)), [form, view.values]);

  const review = form.handleSubmit((values) => {
    const changes = changesOf(view.values, values);
    setNothingChanged(changes.length === 0);
    if (changes.length > 0) setPending(changes);
  });

  const save = () => {
    if (!pending) return;
    update.mutate(patchOf(pending), {
      onSuccess: () => {
        setPending(null);
        setSavedAt(new Date());
        toast({ type: 'success', title: t('platform.saved') });
      },
      onError: (error) => {
        setPending(null);
        for (const [path, messages] of Object.entries(fieldErrorsOf(error))) {
          const name = errorNameOf(path);
          if (name) form.setError(name, { type: 'server', message: messages[0] ?? path });
        }
      },
    });
  };
  const serverError = update.error && Object.keys(fieldErrorsOf(update.error)).length === 0 ? update.error : null;

  return (
    <>
      <Form onSubmit={review} aria-label={t('admin.sidebar.platformSettings')}>
        <FormError message={serverError ? errorMessage(errorCodeOf(serverError)) : undefined} />
        {SETTING_GROUPS.map((group) => (
          <Card key={group.title} title={t(group.title)}>
            <div className="grid gap-4 sm:grid-cols-2">
              {group.fields.map((field) =>
                isChoice(field) ? (
                  <ChoiceInput key={field.path} field={field} view={view} form={form} />
                ) : (
                  <SettingInput key={field.path} field={field} view={view} form={form} />
                ),
              )}
            </div>
          </Card>
        ))}
        <FormActions>
          <Button type="submit">{t('platform.save')}</Button>
          <Button type="button" variant="secondary" onClick={() => form.reset(formOf(view.values))}>
            {t('platform.reset')}
          </Button>
        </FormActions>
        <p role="status" className="text-sm text-muted">
          {nothingChanged
            ? t('platform.nothingChanged')
            : savedAt
              ? t('platform.savedAt', { time: format.time(savedAt) })
              : ''}
        </p>
      </Form>
      <ChangesDialog changes={pending} busy={update.isPending} onConfirm={save} onClose={() => setPending(null)} />
    </>
  );
}
