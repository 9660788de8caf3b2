import type { FeatureMessages } from '../messages.ts';

/** Arabic messages of the admin /server-stats page; keys start with 'serverStats.'. */
export const serverStatsAr = {
  'serverStats.subtitle': 'أرقام كل نسخة من الخادم لحظة بلحظة: آخر ١٠ دقائق، قراءة كل ٥ ثوانٍ.',
  'serverStats.live': 'مباشر',
  'serverStats.reconnecting': 'جارٍ إعادة الاتصال…',
  'serverStats.loadError': 'تعذّر تحميل أرقام الخادم.',
  'serverStats.empty.title': 'لا قراءات بعد',
  'serverStats.empty.body': 'تصل أول قراءة خلال ثوانٍ من تشغيل الخادم، وتظهر هنا دون تحديث الصفحة.',
  'serverStats.instance': 'النسخة',
  'serverStats.upSince': 'تعمل منذ {time}، آخر قراءة {last}',
  'serverStats.stale': 'انقطعت قراءاتها',
  'serverStats.requestsPerSecond': 'الطلبات في الثانية',
  'serverStats.p95': 'زمن الاستجابة (المئين ٩٥)',
  'serverStats.errors': 'الأخطاء في كل قراءة',
  'serverStats.errors4xx': 'أخطاء الطلب (4xx)',
  'serverStats.errors5xx': 'أخطاء الخادم (5xx)',
  'serverStats.eventLoop': 'تأخّر حلقة الأحداث',
  'serverStats.eventLoopMean': 'المتوسط',
  'serverStats.eventLoopP99': 'المئين ٩٩',
  'serverStats.memory': 'الذاكرة',
  'serverStats.rss': 'الذاكرة المقيمة (RSS)',
  'serverStats.heapUsed': 'الكومة المستخدمة',
  'serverStats.cpu': 'المعالج (من نواة واحدة)',
  'serverStats.sockets': 'الاتصالات المباشرة',
  'serverStats.pool': 'اتصالات قاعدة البيانات',
  'serverStats.poolUse': '{total} مفتوحة · {idle} خاملة · {waiting} في الانتظار',
  'serverStats.poolNone': 'لا ينطبق (PGlite المدمجة)',
  'serverStats.queues': 'طوابير المهام',
  'serverStats.queuesUnread': 'تعذّرت قراءة الطوابير في آخر قراءة.',
  'serverStats.queue': 'الطابور',
  'serverStats.ready': 'جاهزة',
  'serverStats.deferred': 'مؤجّلة',
  'serverStats.active': 'قيد التنفيذ',
  'serverStats.noQueues': 'لا طوابير في هذه النسخة.',
} as const;

/** serverStatsAr in every language, for the apps that show it to register (registerMessages). */
export const serverStatsMessages: FeatureMessages = {
  ar: serverStatsAr,
  en: async () => (await import('./server-stats.en.ts')).serverStatsEn,
};
