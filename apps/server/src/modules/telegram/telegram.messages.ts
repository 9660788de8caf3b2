/** The bot's answers in the chat (Arabic, like the codes it carries). */
export const BOT_REPLIES = {
  linked: 'تم ربط حسابك في درسك بتيليجرام ✅\nستصلك أكواد التأكيد وتذكيرات الدروس هنا.',
  expired: 'انتهت صلاحية رابط الربط أو استُخدم من قبل.\nاطلب رابطًا جديدًا من الإعدادات في درسك: «ربط تيليجرام».',
  noToken: 'لربط حسابك في درسك افتح رابط «ربط تيليجرام» من صفحة الإعدادات.',
} as const;
