import { type AppointmentKind, errorCodeOf, onboardingKeys, updateAppointment } from '@darsak/client';
import { type AppointmentDecision, AppointmentDecisionForm, Button, Dialog, useToast } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../lib/api.ts';
import type { Appointment } from '../hooks/use-appointments.ts';

/** A pending appointment that has started: staff record its outcome here, in a dialog, without the main app. */
export function DecideAppointment({ kind, appointment }: { kind: AppointmentKind; appointment: Appointment }) {
  const { t, format, errorMessage } = useI18n();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const decide = useMutation({
    mutationFn: (decision: AppointmentDecision) => updateAppointment(api, kind, decision),
    onSuccess: () => {
      setOpen(false);
      toast({ type: 'success', title: t('onboarding.decide.done') });
      void queryClient.invalidateQueries({ queryKey: onboardingKeys.all });
    },
  });
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={`${t(`onboarding.kind.${kind}`)} — ${appointment.applicant.name}`}
      description={format.dateTime(appointment.startsAt)}
      trigger={
        <Button size="sm" aria-label={t('staff.interviews.decideFor', { name: appointment.applicant.name })}>
          {t('staff.interviews.decide')}
        </Button>
      }
    >
      <AppointmentDecisionForm
        kind={kind}
        appointment={appointment}
        startsAtText={format.dateTime(appointment.startsAt)}
        submitting={decide.isPending}
        error={decide.error ? errorMessage(errorCodeOf(decide.error)) : undefined}
        onDecide={(decision) => decide.mutate(decision)}
      />
    </Dialog>
  );
}
