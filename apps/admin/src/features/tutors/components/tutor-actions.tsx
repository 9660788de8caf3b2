import { ApiError } from '@darsak/client';
import { egpToPiastres, isWholePiastres, piastresToDecimal } from '@darsak/domain/common';
import {
  MAX_NOTICE_PERIOD_MINUTES,
  MAX_TUTOR_RATE_PIASTRES,
  type StaffTutorDetail,
  type TutorTermsInput,
} from '@darsak/domain/tutors';
import { Button, Card, ChipCheckbox, TextField, useToast } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useState } from 'react';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { useSetActivated, useUpdateTerms } from '../hooks/use-tutors.ts';

/** Activation needs the steps before it done, unless onboarding is bypassed (the server says the same). */
const mayActivate = (tutor: StaffTutorDetail) =>
  tutor.bypassOnboarding || tutor.stage === 'activated' || tutor.stage === 'onboarded';

/** Activate, or deactivate with the choice to cancel the booked lessons; confirmed with a reason. */
export function TutorActivation({ tutor }: { tutor: StaffTutorDetail }) {
  const { t, format } = useI18n();
  const { toast } = useToast();
  const setActivated = useSetActivated(tutor.id);
  const [cancelBooked, setCancelBooked] = useState(false);
  const active = tutor.activated;
  const locked = !active && !mayActivate(tutor);
  return (
    <Card title={t('staff.tutor.activation')}>
      <p className="mb-3 text-muted">{t(active ? 'staff.tutor.activeBody' : 'staff.tutor.inactiveBody')}</p>
      {locked ? (
        <p className="mb-3 text-amber-800">{t('staff.tutor.activateLocked')}</p>
      ) : (
        <ReasonDialog
          danger={active}
          trigger={
            <Button variant={active ? 'danger' : 'primary'}>
              {t(active ? 'staff.tutor.deactivate' : 'staff.tutor.activate')}
            </Button>
          }
          title={t(active ? 'staff.tutor.deactivateTitle' : 'staff.tutor.activateTitle', { name: tutor.name })}
          description={t(active ? 'staff.tutor.deactivateBody' : 'staff.tutor.activateBody')}
          confirm={t(active ? 'staff.tutor.deactivate' : 'staff.tutor.activate')}
          onConfirm={async (reason) => {
            const cancelBookedLessons = active && cancelBooked;
            const result = await setActivated.mutateAsync({ activated: !active, cancelBookedLessons, reason });
            toast({
              type: 'success',
              title: t(active ? 'staff.tutor.deactivatedToast' : 'staff.tutor.activatedToast'),
            });
            if (result.cancelledLessons > 0) {
              toast({
                type: 'success',
                title: t('staff.tutor.cancelledToast', { count: result.cancelledLessons }),
              });
            }
            setCancelBooked(false);
          }}
        >
          {active && tutor.upcomingLessons > 0 && (
            <ChipCheckbox
              className="self-start rounded-lg"
              label={t('staff.tutor.cancelBooked', { count: format.number(tutor.upcomingLessons) })}
              checked={cancelBooked}
              onChange={(event) => setCancelBooked(event.target.checked)}
            />
          )}
        </ReasonDialog>
      )}
    </Card>
  );
}

type TermsForm = { rate: string; useDefault: boolean; notice: string; bypass: boolean };
type TermsErrors = Partial<Record<'rate' | 'notice', string | undefined>>;

const formOf = (tutor: StaffTutorDetail): TermsForm => ({
  rate: tutor.ratePerMinutePiastres === null ? '' : piastresToDecimal(tutor.ratePerMinutePiastres),
  useDefault: tutor.ratePerMinutePiastres === null,
  notice: String(tutor.noticePeriodMinutes),
  bypass: tutor.bypassOnboarding,
});

/** The rate in piastres (null: the platform's), or undefined when the text is not a valid rate. */
function rateOf(form: TermsForm): number | null | undefined {
  if (form.useDefault) return null;
  const egp = Number(form.rate.trim());
  if (form.rate.trim() === '' || !isWholePiastres(egp)) return undefined;
  const piastres = egpToPiastres(egp);
  return piastres >= 1 && piastres <= MAX_TUTOR_RATE_PIASTRES ? piastres : undefined;
}

function noticeOf(form: TermsForm): number | undefined {
  const minutes = Number(form.notice.trim());
  const valid = /^\d+$/.test(form.notice.trim()) && minutes <= MAX_NOTICE_PERIOD_MINUTES;
  return valid ? minutes : undefined;
}

/** Only the values that differ from the tutor's now. */
function changesOf(tutor: StaffTutorDetail, rate: number | null, notice: number, bypass: boolean) {
  const changes: Omit<TutorTermsInput, 'reason'> = {};
  if (rate !== tutor.ratePerMinutePiastres) changes.ratePerMinutePiastres = rate;
  if (notice !== tutor.noticePeriodMinutes) changes.noticePeriodMinutes = notice;
  if (bypass !== tutor.bypassOnboarding) changes.bypassOnboarding = bypass;
  return changes;
}

/** Rate per minute (or the platform's), booking notice and the bypass flag; checked, then confirmed with a reason. */
export function TutorTerms({ tutor }: { tutor: StaffTutorDetail }) {
  const { t, format } = useI18n();
  const { toast } = useToast();
  const update = useUpdateTerms(tutor.id);
  const [form, setForm] = useState<TermsForm>(() => formOf(tutor));
  const [errors, setErrors] = useState<TermsErrors>({});
  const edit = (patch: Partial<TermsForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors({});
  };
  return (
    <Card title={t('staff.tutor.terms')}>
      <ReasonDialog
        trigger={
          <Button variant="secondary" onClick={() => setForm(formOf(tutor))}>
            {t('staff.tutor.editTerms')}
          </Button>
        }
        title={t('staff.tutor.editTermsTitle', { name: tutor.name })}
        description={t('staff.tutor.editTermsBody')}
        confirm={t('staff.tutor.saveTerms')}
        onConfirm={async (reason) => {
          const [rate, notice] = [rateOf(form), noticeOf(form)];
          if (rate === undefined || notice === undefined) {
            setErrors({
              rate: rate === undefined ? t('staff.tutor.rateInvalid') : undefined,
              notice: notice === undefined ? t('staff.tutor.noticeInvalid') : undefined,
            });
            throw new ApiError('bad-request', 400);
          }
          const changes = changesOf(tutor, rate, notice, form.bypass);
          if (Object.keys(changes).length === 0) throw new ApiError('empty-request', 400);
          await update.mutateAsync({ ...changes, reason });
          toast({ type: 'success', title: t('staff.tutor.termsSaved') });
        }}
      >
        <ChipCheckbox
          className="self-start rounded-lg"
          label={t('staff.tutor.useDefaultRate')}
          checked={form.useDefault}
          onChange={(event) => edit({ useDefault: event.target.checked })}
        />
        {!form.useDefault && (
          <TextField
            label={t('staff.tutor.rateField')}
            hint={t('staff.tutor.rateHint', { amount: format.piastres(tutor.defaultRatePerMinutePiastres) })}
            type="number"
            inputMode="decimal"
            min={0.01}
            step={0.01}
            dir="ltr"
            required
            value={form.rate}
            error={errors.rate}
            onChange={(event) => edit({ rate: event.target.value })}
          />
        )}
        <TextField
          label={t('staff.tutor.noticeField')}
          hint={t('staff.tutor.noticeHint')}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_NOTICE_PERIOD_MINUTES}
          step={1}
          dir="ltr"
          required
          value={form.notice}
          error={errors.notice}
          onChange={(event) => edit({ notice: event.target.value })}
        />
        <ChipCheckbox
          className="self-start rounded-lg"
          label={t('staff.tutor.bypassField')}
          checked={form.bypass}
          onChange={(event) => edit({ bypass: event.target.checked })}
        />
      </ReasonDialog>
    </Card>
  );
}
