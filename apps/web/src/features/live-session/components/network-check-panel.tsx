import { judgeNetwork, type NetworkCheck, type NetworkVerdict } from '@darsak/domain/sessions';
import { Alert, Button, Spinner } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import type { NetworkCheckState } from '../hooks/use-network-check.ts';

const TONE_OF: Record<NetworkVerdict, 'success' | 'info' | 'warning' | 'error'> = {
  good: 'success',
  fair: 'info',
  audioOnly: 'warning',
  blocked: 'error',
};

/**
 * The pre-lesson check on the ready screen: how the call will leave this network, the response time and the upload
 * speed, what to expect of the call in plain words, and what to try.
 */
export function NetworkCheckPanel({ state, onAgain }: { state: NetworkCheckState; onAgain(): void }) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="network-check-title" className="space-y-3 rounded-xl border border-line p-4">
      <div className="flex items-center justify-between gap-3">
        <h2 id="network-check-title" className="font-semibold text-ink">
          {t('realtime.session.check.title')}
        </h2>
        <Button variant="secondary" size="sm" disabled={state.status === 'checking'} onClick={onAgain}>
          {t('realtime.session.check.again')}
        </Button>
      </div>
      <div aria-live="polite">
        {state.status === 'checking' ? (
          <p className="flex items-center gap-2 text-sm text-muted">
            <Spinner className="size-4" />
            {t('realtime.session.check.checking')}
          </p>
        ) : (
          <CheckResult check={state.check} />
        )}
      </div>
    </section>
  );
}

function CheckResult({ check }: { check: NetworkCheck }) {
  const { t, format } = useI18n();
  const { verdict, advice } = judgeNetwork(check);
  const unknown = t('realtime.session.check.unknown');
  const rate = (kbps: number) =>
    kbps < 1000
      ? t('realtime.session.check.kbps', { n: format.number(kbps) })
      : t('realtime.session.check.mbps', { n: format.number(Math.round(kbps / 100) / 10) });
  const facts = [
    ...(check.exit ? [[t('realtime.session.check.exit'), t(`realtime.session.check.exit.${check.exit}`)]] : []),
    [
      t('realtime.session.check.roundTrip'),
      check.roundTripMs === null ? unknown : t('realtime.session.check.ms', { n: format.number(check.roundTripMs) }),
    ],
    [t('realtime.session.check.upload'), check.uploadKbps === null ? unknown : rate(check.uploadKbps)],
  ];
  return (
    <div className="space-y-3" data-testid="network-check" data-verdict={verdict}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-muted">{term}</dt>
            <dd className="font-medium text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      <Alert tone={TONE_OF[verdict]}>
        <p>{t(`realtime.session.check.verdict.${verdict}`)}</p>
        {advice.length > 0 && (
          <ul className="mt-1 list-disc space-y-1 ps-5">
            {advice.map((kind) => (
              <li key={kind}>{t(`realtime.session.check.advice.${kind}`)}</li>
            ))}
          </ul>
        )}
      </Alert>
    </div>
  );
}
