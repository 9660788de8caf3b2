import { type AppointmentKind, onboardingKeys } from '@darsak/client';
import { type DemoSession, demoSessionsContract, type Interview, interviewsContract } from '@darsak/domain/interviews';
import { opensMinutesBeforeOf } from '@darsak/domain/sessions';
import { Button, buttonClasses, Dialog, FormError, useToast } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { api } from '../../../lib/api.ts';
import { useDateFormat } from '../../../lib/date-format.ts';
import { useErrorText } from '../../../lib/forms.ts';

const CONTRACTS = { interview: interviewsContract, demoSession: demoSessionsContract } as const;

/** `/session?interviewId=…` or `?demoSessionId=…`: the lessons' live room. */
export const roomHref = (kind: AppointmentKind, id: number) =>
  `${paths.session.href()}?${kind === 'interview' ? 'interviewId' : 'demoSessionId'}=${id}`;

/** The lessons' live room rule: open from the server's `joinOpensAt` until the end. */
const isOpenNow = (appointment: Interview | DemoSession, now: number) =>
  now >= Date.parse(appointment.joinOpensAt) && now < Date.parse(appointment.endsAt);

/** Join (when the room is open) and cancel (with a confirmation, before the start) for a pending appointment. */
export function AppointmentActions({
  kind,
  appointment,
  canCancelAfterStart = false,
}: {
  kind: AppointmentKind;
  appointment: Interview | DemoSession;
  /** Managers may cancel until they decide; applicants only before the start. */
  canCancelAfterStart?: boolean;
}) {
  const { t } = useI18n();
  const dates = useDateFormat();
  const errorText = useErrorText();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  const cancel = useMutation({
    mutationFn: () => api.callRoute(CONTRACTS[kind].update, { body: { id: appointment.id, action: 'cancel' } }),
    onSuccess: () => {
      setOpen(false);
      toast({ type: 'success', title: t('onboarding.appointment.cancelled') });
      void queryClient.invalidateQueries({ queryKey: onboardingKeys.all });
    },
  });

  if (appointment.status !== 1) return null;
  const started = now >= Date.parse(appointment.startsAt);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        {isOpenNow(appointment, now) ? (
          <Link to={roomHref(kind, appointment.id)} className={buttonClasses({ variant: 'accent' })}>
            {t('onboarding.appointment.join')}
          </Link>
        ) : null}
        {(!started || canCancelAfterStart) && (
          <Button variant="danger" onClick={() => setOpen(true)}>
            {t('onboarding.appointment.cancel')}
          </Button>
        )}
      </div>
      {!isOpenNow(appointment, now) && !started && (
        <p className="text-sm text-muted">
          {t('onboarding.appointment.joinHint', { count: opensMinutesBeforeOf(appointment) })}
        </p>
      )}
      <Dialog open={open} onOpenChange={setOpen} title={t('onboarding.appointment.cancelTitle')} size="sm">
        <div className="flex flex-col gap-4">
          <p className="text-ink">
            {t('onboarding.appointment.cancelBody', {
              kind: t(`onboarding.kind.${kind}`),
              when: dates.dayTime(appointment.startsAt),
            })}
          </p>
          <FormError message={cancel.error ? errorText(cancel.error) : undefined} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="ghost" onClick={() => setOpen(false)}>
              {t('onboarding.appointment.keep')}
            </Button>
            <Button variant="danger" loading={cancel.isPending} onClick={() => cancel.mutate()}>
              {t('onboarding.appointment.cancelConfirm')}
            </Button>
          </div>
        </div>
      </Dialog>
    </div>
  );
}
