import { useT } from '@darsak/ui/i18n';
import { StaffLoginForm } from '../../features/auth/staff-login-form.tsx';

export function LoginPage() {
  const t = useT();
  return (
    <div className="mx-auto w-full max-w-md py-8">
      <div className="rounded-(--radius-card) border border-line bg-surface p-6 shadow-(--shadow-card) sm:p-8">
        <div className="mb-6 space-y-1.5 text-center">
          <h1 className="text-2xl font-bold">{t('admin.login.title')}</h1>
          <p className="text-muted">{t('admin.login.subtitle')}</p>
        </div>
        <StaffLoginForm />
      </div>
    </div>
  );
}
