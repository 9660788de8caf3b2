import type { ChangePasswordInput, PasswordSignInInput } from '@darsak/domain/auth';
import { authContract } from '@darsak/domain/auth';
import { type RegisterInput, usersContract } from '@darsak/domain/users';
import { verificationContract } from '@darsak/domain/verification';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { signIn } from '../../../lib/auth-store.ts';

export function usePasswordSignIn() {
  return useMutation({
    mutationFn: (body: PasswordSignInInput) => api.callRoute(authContract.password, { body }),
    onSuccess: ({ token, user }) => signIn({ token, user }),
  });
}

/** Google sign-in; a first sign-in creates the account with the given role. */
export function useGoogleSignIn(role?: 'student' | 'tutor') {
  return useMutation({
    mutationFn: (credential: string) =>
      api.callRoute(authContract.google, { body: role ? { credential, role } : { credential } }),
    onSuccess: ({ token, user }) => signIn({ token, user }),
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (body: RegisterInput) => api.callRoute(usersContract.register, { body }),
    onSuccess: ({ token, user }) => signIn({ token, user }),
  });
}

export function useSendPasswordCode() {
  return useMutation({
    mutationFn: (email: string) => api.callRoute(verificationContract.passwordSend, { body: { email } }),
  });
}

/** Checks a reset code before the new password is asked for; the code stays usable. */
export function useCheckPasswordCode() {
  return useMutation({
    mutationFn: (body: { email: string; code: string }) => api.callRoute(verificationContract.passwordCheck, { body }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { email: string; code: string; password: string }) =>
      api.callRoute(verificationContract.passwordConfirm, { body }),
  });
}

/** The signed-in user's new password, proven by the current one; the other devices are signed out. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordInput) => api.callRoute(authContract.changePassword, { body }),
  });
}
