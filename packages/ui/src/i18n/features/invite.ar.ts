import type { FeatureMessages } from '../messages.ts';

/** Arabic messages of the invite link (main app); keys start with 'invite.'. */
export const inviteAr = {
  'invite.title': 'دعوة للانضمام إلى درسك',
  'invite.subtitle': 'أنشئ حسابك من هذه الدعوة.',
  'invite.from': 'دعاك {inviter} للانضمام بدور «{role}».',
  'invite.fromTeam': 'دعاك فريق درسك للانضمام بدور «{role}».',
  'invite.withPlan': {
    zero: 'مع دعوة إلى باقة {count} دقيقة أسبوعيًا.',
    one: 'مع دعوة إلى باقة دقيقة واحدة أسبوعيًا.',
    two: 'مع دعوة إلى باقة دقيقتان أسبوعيًا.',
    few: 'مع دعوة إلى باقة {count} دقائق أسبوعيًا.',
    many: 'مع دعوة إلى باقة {count} دقيقة أسبوعيًا.',
    other: 'مع دعوة إلى باقة {count} دقيقة أسبوعيًا.',
  },
  'invite.emailFixed': 'الدعوة لهذا البريد، وستدخل به.',
  'invite.submit': 'إنشاء الحساب',
  'invite.done': 'أُنشئ حسابك بدور «{role}».',
  'invite.openAdmin': 'الدخول إلى تطبيق الإدارة',
  'invite.start': 'ابدأ',
  'invite.usedHint': 'إن كنت أنشأت الحساب بالفعل فسجّل الدخول بالبريد وكلمة المرور.',
} as const;

/** inviteAr in every language, for the apps that show it to register (registerMessages). */
export const inviteMessages: FeatureMessages = {
  ar: inviteAr,
  en: async () => (await import('./invite.en.ts')).inviteEn,
};
