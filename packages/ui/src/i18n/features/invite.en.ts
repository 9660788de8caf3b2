import type { Translation } from '../messages.ts';
import type { inviteAr } from './invite.ar.ts';

/** English messages of the invite link: every key of the Arabic file, checked by the type. */
export const inviteEn: Translation<typeof inviteAr> = {
  'invite.title': 'An invitation to join Darsak',
  'invite.subtitle': 'Create your account from this invitation.',
  'invite.from': '{inviter} invited you to join as {role}.',
  'invite.fromTeam': 'The Darsak team invited you to join as {role}.',
  'invite.withPlan': {
    one: 'With an invite to the 1-minute weekly plan.',
    other: 'With an invite to the {count}-minute weekly plan.',
  },
  'invite.emailFixed': 'The invitation is for this e-mail; you will sign in with it.',
  'invite.submit': 'Create the account',
  'invite.done': 'Your account was created as {role}.',
  'invite.openAdmin': 'Sign in to the admin app',
  'invite.start': 'Start',
  'invite.usedHint': 'If you already created the account, sign in with your e-mail and password.',
};
