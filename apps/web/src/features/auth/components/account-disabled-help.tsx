import { isApiError } from '@darsak/client';
import { SupportLinks } from '../../../components/support-links.tsx';

/** Under a sign-in refused because the account is disabled: the support channels to ask about it. */
export function AccountDisabledHelp({ error }: { error: unknown }) {
  return isApiError(error, 'account-disabled') ? <SupportLinks className="-mt-2" /> : null;
}
