import { Alert, Button, useToast } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { api } from '../../../lib/api.ts';
import { useErrorText } from '../../../lib/forms.ts';
import { usePublicConfig } from '../../../lib/use-public-config.ts';
import { useGoogleSignIn } from '../hooks/use-auth-mutations.ts';
import { AccountDisabledHelp } from './account-disabled-help.tsx';
import { OrDivider } from './auth-card.tsx';
import { GoogleSignInButton } from './google-sign-in-button.tsx';

const HASH_PREFIX = '#credential=';

/**
 * "Continue with Google", shown when the server publishes a Google client id. In local mode the server's
 * stand-in chooser (/dev/google/sign-in) is used instead of Google; it returns here with #credential=….
 */
export function GoogleSection({
  role,
  successMessage,
}: {
  role?: 'student' | 'tutor';
  successMessage: (name: string) => string;
}) {
  const t = useT();
  const errorText = useErrorText();
  const { toast } = useToast();
  const location = useLocation();
  const navigate = useNavigate();
  const { data: config, googleClientId } = usePublicConfig();
  const google = useGoogleSignIn(role);
  const handled = useRef(false);

  const signIn = (credential: string) =>
    google.mutate(credential, {
      onSuccess: ({ user }) => toast({ type: 'success', title: successMessage(user.name) }),
    });

  useEffect(() => {
    if (handled.current || !location.hash.startsWith(HASH_PREFIX)) return;
    handled.current = true;
    const credential = decodeURIComponent(location.hash.slice(HASH_PREFIX.length));
    navigate({ pathname: location.pathname, search: location.search }, { replace: true });
    if (credential) signIn(credential);
  });

  if (!googleClientId) return null;
  const here = `${location.pathname}${location.search}`;
  return (
    <>
      <OrDivider label={t('auth.or')} />
      {google.error && (
        <Alert tone="error" className="mb-3">
          {errorText(google.error)}
        </Alert>
      )}
      <AccountDisabledHelp error={google.error} />
      {config?.googleSimulator ? (
        <Button
          variant="secondary"
          block
          loading={google.isPending}
          onClick={() => window.location.assign(api.url(`/dev/google/sign-in?redirect=${encodeURIComponent(here)}`))}
        >
          <span aria-hidden="true" className="font-extrabold text-[#4285f4]">
            G
          </span>
          {t('auth.google')}
        </Button>
      ) : (
        <GoogleSignInButton clientId={googleClientId} onCredential={signIn} />
      )}
    </>
  );
}
