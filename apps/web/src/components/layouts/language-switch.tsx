import { cn, GlobeIcon } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';

/** Switches between Arabic (rtl) and English (ltr); the choice is remembered. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, locale, setLocale } = useI18n();
  const other = locale === 'ar' ? 'en' : 'ar';
  return (
    <button
      type="button"
      lang={other}
      onClick={() => setLocale(other)}
      aria-label={t('common.otherLanguageLabel')}
      className={cn(
        'inline-flex h-9 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-muted hover:bg-primary-50 hover:text-ink sm:px-2.5',
        'focus-visible:outline-2 focus-visible:outline-primary-600',
        className,
      )}
    >
      <GlobeIcon className="size-4" />
      <span className="max-sm:sr-only">{t('common.otherLanguage')}</span>
    </button>
  );
}
