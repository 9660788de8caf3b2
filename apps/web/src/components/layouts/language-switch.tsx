import { cn, GlobeIcon } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useSearchParams } from 'react-router';

/**
 * Switches between Arabic (rtl) and English (ltr); the choice is remembered. A page opened at its English address
 * (`?lang=en`, a search result's) leaves it, so a reload keeps the choice.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, locale, setLocale } = useI18n();
  const [search, setSearch] = useSearchParams();
  const other = locale === 'ar' ? 'en' : 'ar';
  const choose = () => {
    setLocale(other);
    if (search.has('lang')) {
      setSearch(
        (current) => {
          current.delete('lang');
          return current;
        },
        { replace: true },
      );
    }
  };
  return (
    <button
      type="button"
      lang={other}
      onClick={choose}
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
