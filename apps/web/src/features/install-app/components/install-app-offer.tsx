import { Button } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { useEffect, useState } from 'react';
import { countDashboardVisit, useInstallOffer } from '../../../lib/install-prompt.ts';

/**
 * "ثبّت درسك على هاتفك", on a dashboard once the browser offers installing and she has come back a few times;
 * closing it is remembered. Nothing shows where the browser does not offer it (iOS, an installed app).
 */
export function InstallAppOffer() {
  const t = useT();
  const [visits, setVisits] = useState(0);
  // counted after the first render, so a page rendered on the server and hydrated agree
  useEffect(() => setVisits(countDashboardVisit()), []);
  const offer = useInstallOffer(visits);
  if (!offer.shown) return null;
  return (
    <section
      aria-labelledby="install-app-title"
      className="flex flex-col gap-3 rounded-2xl border border-primary-200 bg-primary-50 p-4 sm:flex-row sm:items-center"
    >
      <div className="flex flex-1 items-center gap-3">
        <img src="/icons/icon-192.png" alt="" width={48} height={48} className="size-12 shrink-0 rounded-xl" />
        <div>
          <h2 id="install-app-title" className="font-bold text-ink">
            {t('push.install.title')}
          </h2>
          <p className="text-sm text-muted">{t('push.install.body')}</p>
        </div>
      </div>
      <div className="flex gap-2">
        <Button onClick={() => void offer.install()}>{t('push.install.action')}</Button>
        <Button variant="ghost" onClick={offer.dismiss}>
          {t('push.install.later')}
        </Button>
      </div>
    </section>
  );
}
