import { buttonClasses, Card, SelectField } from '@darsak/ui';
import { isLocale, useI18n } from '@darsak/ui/i18n';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';

export function LanguageCard() {
  const { t, locale, setLocale } = useI18n();
  return (
    <Card title={t('settings.language.title')} description={t('settings.language.body')}>
      <SelectField
        label={t('common.language')}
        placeholder={false}
        value={locale}
        onChange={(event) => {
          if (isLocale(event.target.value)) setLocale(event.target.value);
        }}
        options={[
          { value: 'ar', label: 'العربية' },
          { value: 'en', label: 'English' },
        ]}
      />
    </Card>
  );
}

export function PasswordCard() {
  const { t } = useI18n();
  return (
    <Card title={t('settings.password.title')} description={t('settings.password.body')}>
      <Link to={paths.forgetPassword.href()} className={buttonClasses({ variant: 'secondary' })}>
        {t('settings.password.action')}
      </Link>
    </Card>
  );
}
