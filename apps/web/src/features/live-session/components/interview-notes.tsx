import { type AppointmentKind, appointmentQuery, errorCodeOf, onboardingKeys, updateAppointment } from '@darsak/client';
import { INTERVIEW_NOTE_MAX_LENGTH } from '@darsak/domain/interviews';
import { Button, TextareaField } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api.ts';

/** Notes are saved this long after the interviewer stops typing (and at once with the button). */
const SAVE_AFTER_MS = 1500;

/**
 * The interviewer's notes beside the call of an interview or a demo session: kept on the appointment while it is
 * pending (the applicant never sees them) and opened again in the decision's internal note. Only its manager sees
 * the panel.
 */
export function InterviewNotes({ kind, id, userId }: { kind: AppointmentKind; id: number; userId: number }) {
  const { t, errorMessage } = useI18n();
  const queryClient = useQueryClient();
  const appointment = useQuery(appointmentQuery(api, kind, id));
  const [draft, setDraft] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (note: string) => updateAppointment(api, kind, { id, action: 'notes', note }),
    onSuccess: (saved) => queryClient.setQueryData(onboardingKeys.appointment(kind, id), saved),
  });
  const kept = appointment.data?.note ?? '';
  const dirty = draft !== null && draft.trim() !== kept;
  const { mutate } = save;
  useEffect(() => {
    if (!dirty || draft === null) return;
    const timer = setTimeout(() => mutate(draft.trim()), SAVE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [dirty, draft, mutate]);

  if (!appointment.data || appointment.data.manager.id !== userId || appointment.data.status !== 1) return null;
  const state = save.isError
    ? errorMessage(errorCodeOf(save.error))
    : t(dirty ? 'realtime.session.notes.unsaved' : 'realtime.session.notes.saved');
  return (
    <section
      aria-labelledby="interview-notes"
      className="flex flex-col gap-3 border-line bg-surface p-4 sm:rounded-2xl sm:border"
    >
      <h2 id="interview-notes" className="font-bold text-ink">
        {t('realtime.session.notes.title')}
      </h2>
      <TextareaField
        label={t('realtime.session.notes.label')}
        hint={t('realtime.session.notes.hint')}
        rows={5}
        maxLength={INTERVIEW_NOTE_MAX_LENGTH}
        value={draft ?? kept}
        onChange={(event) => setDraft(event.target.value)}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p role="status" className="text-sm text-muted">
          {state}
        </p>
        <Button
          size="sm"
          variant="secondary"
          disabled={!dirty}
          loading={save.isPending}
          onClick={() => draft !== null && mutate(draft.trim())}
        >
          {t('realtime.session.notes.save')}
        </Button>
      </div>
    </section>
  );
}
