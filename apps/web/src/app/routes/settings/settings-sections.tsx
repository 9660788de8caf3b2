import type { User } from '@darsak/domain/users';
import { buttonClasses, Card, cn, SelectField, textLinkClasses } from '@darsak/ui';
import { isLocale, useI18n } from '@darsak/ui/i18n';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ChangePasswordFormCard } from '../../../features/auth/components/change-password-form.tsx';

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

/** Changes the password with the current one; an account made with Google creates one through the reset code. */
export function PasswordCard({ user }: { user: User }) {
  const { t } = useI18n();
  if (!user.hasPassword) {
    return (
      <Card title={t('settings.password.title')} description={t('settings.password.google')}>
        <Link to={paths.forgetPassword.href()} className={buttonClasses({ variant: 'secondary' })}>
          {t('settings.password.create')}
        </Link>
      </Card>
    );
  }
  return (
    <Card title={t('settings.password.title')} description={t('settings.password.body')}>
      <ChangePasswordFormCard />
      <Link to={paths.forgetPassword.href()} className={cn(textLinkClasses, 'mt-3 inline-block text-sm')}>
        {t('settings.password.forgot')}
      </Link>
    </Card>
  );
}
