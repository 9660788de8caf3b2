import {
  type DemoSession,
  INTERVIEW_FEEDBACK_MAX_LENGTH,
  INTERVIEW_NOTE_MAX_LENGTH,
  type Interview,
  type UpdateDemoSessionInput,
  type UpdateInterviewInput,
} from '@darsak/domain/interviews';
import { ENGLISH_LEVEL_LABELS, type EnglishLevel } from '@darsak/domain/users';
import { useState } from 'react';
import { useI18n } from '../i18n/i18n-provider.tsx';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';
import { FormError } from './form.tsx';
import { SelectField } from './select-field.tsx';
import { TextareaField } from './textarea-field.tsx';

export type AppointmentDecision = UpdateInterviewInput | UpdateDemoSessionInput;

export interface AppointmentDecisionFormProps {
  kind: 'interview' | 'demoSession';
  appointment: Interview | DemoSession;
  /** The start as the app writes times, for the notice before it. */
  startsAtText: string;
  submitting: boolean;
  error?: string | undefined;
  onDecide: (decision: AppointmentDecision) => void;
}

/**
 * Passed or rejected, with feedback for the applicant, the internal note (opened with the notes kept during the
 * call) and, for interviews, the English level; only after the start, and confirmed since it cannot change. The
 * main app's appointment page and the admin app's lists both decide with it.
 */
export function AppointmentDecisionForm({
  kind,
  appointment,
  startsAtText,
  submitting,
  error,
  onDecide,
}: AppointmentDecisionFormProps) {
  const { t, locale, format } = useI18n();
  const [outcome, setOutcome] = useState<'passed' | 'rejected'>('passed');
  const [feedback, setFeedback] = useState('');
  const [note, setNote] = useState(appointment.note ?? '');
  const [level, setLevel] = useState('');
  const [confirming, setConfirming] = useState(false);
  const started = Date.now() >= Date.parse(appointment.startsAt);
  const needsFeedback = kind === 'interview';
  const complete = (!needsFeedback || (feedback.trim() !== '' && level !== '')) && started;

  const decision = (): AppointmentDecision => {
    const base = {
      id: appointment.id,
      action: 'decide' as const,
      outcome,
      ...(note.trim() ? { note: note.trim() } : {}),
    };
    if (kind === 'interview') return { ...base, feedback: feedback.trim(), level: Number(level) as EnglishLevel };
    return { ...base, ...(feedback.trim() ? { feedback: feedback.trim() } : {}) };
  };

  return (
    <div className="flex flex-col gap-4">
      {!started && <Alert tone="info">{t('onboarding.decide.notStarted', { when: startsAtText })}</Alert>}
      <fieldset className="flex flex-col gap-2" disabled={!started}>
        <legend className="mb-1 text-sm font-semibold text-ink">{t('onboarding.decide.outcome')}</legend>
        <div className="flex gap-4">
          {(['passed', 'rejected'] as const).map((value) => (
            <label key={value} className="flex items-center gap-2">
              <input type="radio" name="outcome" checked={outcome === value} onChange={() => setOutcome(value)} />
              {t(`onboarding.decide.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {kind === 'interview' && (
        <SelectField
          label={t('onboarding.detail.level')}
          required
          disabled={!started}
          value={level}
          placeholder={t('onboarding.decide.chooseLevel')}
          onChange={(event) => setLevel(event.target.value)}
          options={Object.entries(ENGLISH_LEVEL_LABELS).map(([value, label]) => ({
            value,
            label: `${format.number(Number(value))} — ${label[locale]}`,
          }))}
        />
      )}
      <TextareaField
        label={t('onboarding.detail.feedback')}
        required={needsFeedback}
        disabled={!started}
        maxLength={INTERVIEW_FEEDBACK_MAX_LENGTH}
        value={feedback}
        onChange={(event) => setFeedback(event.target.value)}
      />
      <TextareaField
        label={t('onboarding.detail.note')}
        disabled={!started}
        maxLength={INTERVIEW_NOTE_MAX_LENGTH}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      <div>
        <Button disabled={!complete} onClick={() => setConfirming(true)}>
          {t('onboarding.decide.submit')}
        </Button>
      </div>
      <Dialog open={confirming} onOpenChange={setConfirming} title={t('onboarding.decide.title')} size="sm">
        <div className="flex flex-col gap-4">
          <p className="text-ink">{t('onboarding.decide.confirm')}</p>
          <FormError message={error} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </Button>
            <Button loading={submitting} onClick={() => onDecide(decision())}>
              {t('onboarding.decide.submit')}
            </Button>
          </div>
        </div>
      </Dialog>
    </div>
  );
}
