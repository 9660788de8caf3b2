import type { SessionLength } from '@darsak/domain/sessions';
import type { Gender } from '@darsak/domain/users';

/** Lesson topics of the demo catalogue (English name first, as admins type them). */
export const DEMO_TOPICS = [
  { nameEn: 'Conversation', nameAr: 'المحادثة' },
  { nameEn: 'Business English', nameAr: 'الإنجليزية للأعمال' },
  { nameEn: 'IELTS', nameAr: 'اختبار الآيلتس' },
  { nameEn: 'TOEFL', nameAr: 'اختبار التوفل' },
  { nameEn: 'Grammar', nameAr: 'القواعد' },
  { nameEn: 'Pronunciation', nameAr: 'النطق' },
  { nameEn: 'English for Kids', nameAr: 'الإنجليزية للأطفال' },
  { nameEn: 'Travel', nameAr: 'السفر والسياحة' },
  { nameEn: 'Job Interviews', nameAr: 'مقابلات العمل' },
  { nameEn: 'Vocabulary', nameAr: 'المفردات' },
  { nameEn: 'Reading & Writing', nameAr: 'القراءة والكتابة' },
  { nameEn: 'Listening', nameAr: 'الاستماع' },
  { nameEn: 'Medical English', nameAr: 'الإنجليزية الطبية' },
  { nameEn: 'Academic English', nameAr: 'الإنجليزية الأكاديمية' },
] as const;

export type DemoTopicName = (typeof DEMO_TOPICS)[number]['nameEn'];

/** Weekly free spans in Cairo time: [weekday (0 Sunday … 6 Saturday), from "HH:MM", to "HH:MM"]. */
type WeeklySpan = readonly [weekday: number, from: string, to: string];

export interface DemoTutor {
  name: string;
  email: string;
  gender: Gender;
  governorate: number;
  birthYear: number;
  bio: string;
  about: string;
  topics: readonly DemoTopicName[];
  week: readonly WeeklySpan[];
  /** The lengths they teach; both unless said (two tutors teach only 30-minute lessons). */
  lessonLengths?: SessionLength[];
}

/** Mornings on Sunday, Tuesday and Thursday, evenings the same days. */
const morningsAndEvenings: WeeklySpan[] = [0, 2, 4].flatMap((d): WeeklySpan[] => [
  [d, '09:00', '12:00'],
  [d, '18:00', '21:00'],
]);
/** Saturday, Monday and Wednesday, late morning and late evening. */
const alternateDays: WeeklySpan[] = [6, 1, 3].flatMap((d): WeeklySpan[] => [
  [d, '10:00', '13:00'],
  [d, '19:00', '22:00'],
]);
/** After work, Sunday to Thursday. */
const weekdayEvenings: WeeklySpan[] = [0, 1, 2, 3, 4].map((d): WeeklySpan => [d, '17:00', '20:30']);
/** Early mornings and a Friday afternoon. */
const earlyBird: WeeklySpan[] = [...[6, 0, 2, 3].map((d): WeeklySpan => [d, '07:30', '11:00']), [5, '14:00', '18:00']];

/** The tutor account printed among the demo sign-ins. */
export const DEMO_TUTOR_EMAIL = 'tutor@darsak.test';

export const DEMO_TUTORS: DemoTutor[] = [
  {
    name: 'أحمد حسن',
    email: DEMO_TUTOR_EMAIL,
    gender: 'male',
    governorate: 1,
    birthYear: 1990,
    bio: 'مدرّس محادثة وإنجليزية أعمال بخبرة ثماني سنوات مع الشركات.',
    about:
      'عملت مترجمًا في شركة اتصالات قبل أن أتفرغ للتدريس. أساعدك على الحديث بثقة في الاجتماعات والعروض التقديمية ومقابلات العمل، وأركّز على المواقف الحقيقية التي تمر بها كل يوم.',
    topics: ['Conversation', 'Business English', 'Job Interviews'],
    week: morningsAndEvenings,
  },
  {
    name: 'ياسمين فؤاد',
    email: 'tutor2@darsak.test',
    gender: 'female',
    governorate: 3,
    birthYear: 1993,
    bio: 'متخصصة في التحضير لاختبار الآيلتس، ومتوسط طلابي 7 درجات.',
    about:
      'درست الأدب الإنجليزي في جامعة الإسكندرية وحصلت على شهادة تدريس معتمدة. أضع لك خطة أسبوعية للقراءة والكتابة والاستماع، ونتدرّب معًا على أسئلة الاختبار الحقيقية بتوقيتها.',
    topics: ['IELTS', 'Grammar', 'Reading & Writing'],
    week: alternateDays,
  },
  {
    name: 'محمود الشريف',
    email: 'tutor3@darsak.test',
    gender: 'male',
    governorate: 2,
    birthYear: 1987,
    bio: 'خبير موارد بشرية سابق، أجهّزك لمقابلات العمل باللغة الإنجليزية.',
    about:
      'أجريت مئات المقابلات في شركات متعددة الجنسيات، وأعرف ما يبحث عنه مسؤول التوظيف. نتدرّب على الأسئلة الشائعة، ونبني معًا مفردات مهنية تناسب مجالك.',
    topics: ['Business English', 'Job Interviews', 'Vocabulary'],
    week: weekdayEvenings,
    lessonLengths: [30],
  },
  {
    name: 'نورهان عادل',
    email: 'tutor4@darsak.test',
    gender: 'female',
    governorate: 4,
    birthYear: 1995,
    bio: 'أحب تعليم الأطفال بالألعاب والقصص، وأهتم بالنطق السليم من البداية.',
    about:
      'أدرّس الأطفال من سن السادسة منذ خمس سنوات. دروسي قصيرة وممتعة، فيها أغانٍ وقصص وألعاب كلمات، وأرسل لولي الأمر ملخصًا بعد كل درس.',
    topics: ['English for Kids', 'Pronunciation', 'Conversation'],
    week: earlyBird,
  },
  {
    name: 'عمر الفاروق',
    email: 'tutor5@darsak.test',
    gender: 'male',
    governorate: 5,
    birthYear: 1991,
    bio: 'مرشد سياحي سابق في الغردقة، أعلّمك إنجليزية السفر والحياة اليومية.',
    about:
      'تعاملت مع سياح من كل أنحاء العالم لسنوات. نتدرّب على حجز الفنادق والتنقل في المطارات والتعامل في المطاعم، ونطوّر مهارة الاستماع لمختلف اللهجات.',
    topics: ['Travel', 'Conversation', 'Listening'],
    week: morningsAndEvenings,
  },
  {
    name: 'سلمى إبراهيم',
    email: 'tutor6@darsak.test',
    gender: 'female',
    governorate: 1,
    birthYear: 1989,
    bio: 'أشرح القواعد ببساطة ووضوح، وأساعد طلاب الجامعة في الكتابة الأكاديمية.',
    about:
      'أعمل معيدة في قسم اللغة الإنجليزية. أشرح القاعدة بأمثلة من حياتك، ثم نطبّقها في كتابة فقرات ومقالات، وأصحّح كتاباتك بالتفصيل حتى تتقنها.',
    topics: ['Grammar', 'Academic English', 'Reading & Writing'],
    week: alternateDays,
  },
  {
    name: 'يوسف منصور',
    email: 'tutor7@darsak.test',
    gender: 'male',
    governorate: 10,
    birthYear: 1992,
    bio: 'أجهّزك لاختباري التوفل والآيلتس بخطة واضحة واختبارات تجريبية.',
    about:
      'حصلت على درجة 115 في التوفل وأدرّس الاختبار منذ سبع سنوات. نبدأ باختبار لتحديد مستواك، ثم نعمل على نقاط ضعفك قسمًا قسمًا حتى يوم الاختبار.',
    topics: ['TOEFL', 'IELTS', 'Academic English'],
    week: weekdayEvenings,
  },
  {
    name: 'هبة مصطفى',
    email: 'tutor8@darsak.test',
    gender: 'female',
    governorate: 12,
    birthYear: 1996,
    bio: 'معلمة أطفال صبورة، أبني المفردات والاستماع خطوة بخطوة.',
    about:
      'أؤمن أن الطفل يتعلم حين يستمتع. أستخدم الصور والبطاقات والقصص القصيرة، وأتابع تقدم كل طفل بتقرير شهري يوضح الكلمات الجديدة التي تعلمها.',
    topics: ['English for Kids', 'Vocabulary', 'Listening'],
    week: earlyBird,
  },
  {
    name: 'خالد عبد العزيز',
    email: 'tutor9@darsak.test',
    gender: 'male',
    governorate: 16,
    birthYear: 1985,
    bio: 'طبيب سابق، أدرّس الإنجليزية الطبية للأطباء والصيادلة وطلاب الطب.',
    about:
      'عملت طبيبًا في مستشفى جامعي ثم تخصصت في تدريس المصطلحات الطبية. نتدرّب على كتابة التقارير والتواصل مع المرضى والاستعداد لاختبارات الزمالة.',
    topics: ['Medical English', 'Vocabulary', 'Pronunciation'],
    week: morningsAndEvenings,
    lessonLengths: [30],
  },
  {
    name: 'مريم صلاح',
    email: 'tutor10@darsak.test',
    gender: 'female',
    governorate: 20,
    birthYear: 1994,
    bio: 'محادثة يومية بلا خوف، مع تصحيح لطيف للنطق.',
    about:
      'عشت ثلاث سنوات في كندا وأعرف صعوبة البداية. دروسي حوار حر حول اهتماماتك، أدوّن فيه أخطاءك وأشرحها في آخر الدرس حتى لا يتوقف كلامك.',
    topics: ['Conversation', 'Travel', 'Pronunciation'],
    week: alternateDays,
  },
  {
    name: 'طارق رمضان',
    email: 'tutor11@darsak.test',
    gender: 'male',
    governorate: 14,
    birthYear: 1988,
    bio: 'مدرب لغة للشركات، أركّز على المراسلات والعروض والقواعد العملية.',
    about:
      'دربت موظفي بنوك وشركات بترول على الكتابة المهنية. نتعلم كتابة البريد الإلكتروني والتقارير، ونراجع القواعد التي تحتاجها فعلًا في عملك.',
    topics: ['Business English', 'Job Interviews', 'Grammar'],
    week: weekdayEvenings,
  },
  {
    name: 'دينا الجمال',
    email: 'tutor12@darsak.test',
    gender: 'female',
    governorate: 24,
    birthYear: 1997,
    bio: 'أطوّر مهارة الاستماع والمحادثة، وأحضّر للآيلتس بأسلوب مرن.',
    about:
      'تخرجت في كلية الألسن وأعمل مترجمة فورية. نستمع معًا إلى مقاطع حقيقية من الأخبار والبرامج، ثم نناقشها حتى تصبح أذنك معتادة على الإنجليزية.',
    topics: ['IELTS', 'Listening', 'Conversation'],
    week: earlyBird,
  },
];

/** A learner invited to the starter plan who has not used a free trial: /plans offers it to them. */
export const DEMO_TRIAL_STUDENT_EMAIL = 'trial@darsak.test';

/** Learners besides the demo student, with their level (1-6) and goal. */
export const DEMO_STUDENTS = [
  { name: 'ليلى حسام', email: 'student2@darsak.test', gender: 'female', englishLevel: 1, goal: 'أبدأ من الصفر' },
  {
    name: 'مصطفى كمال',
    email: 'student3@darsak.test',
    gender: 'male',
    englishLevel: 3,
    goal: 'مقابلة عمل في شركة دولية',
  },
  {
    name: 'جنى وليد',
    email: 'student4@darsak.test',
    gender: 'female',
    englishLevel: 4,
    goal: 'اختبار الآيلتس بدرجة 7',
  },
  {
    name: 'يوسف عادل',
    email: DEMO_TRIAL_STUDENT_EMAIL,
    gender: 'male',
    englishLevel: 2,
    goal: 'أجرّب الدروس قبل أن أشترك',
  },
  { name: 'كريم عاطف', email: 'student5@darsak.test', gender: 'male', englishLevel: 3, goal: 'أتحدث بطلاقة في السفر' },
  { name: 'هند سامي', email: 'student6@darsak.test', gender: 'female', englishLevel: 5, goal: 'الكتابة الأكاديمية' },
  { name: 'عمرو نبيل', email: 'student7@darsak.test', gender: 'male', englishLevel: 2, goal: 'إنجليزية العمل اليومية' },
  { name: 'رنا مجدي', email: 'student8@darsak.test', gender: 'female', englishLevel: 4, goal: 'اختبار التوفل' },
] as const;

/** A review a learner left after a lesson: stars (1-5) and what they wrote, in Arabic or in English. */
export type DemoReview = readonly [value: number, text: string | null];

/**
 * Reviews of the demo tutors, by tutor e-mail, each from a different learner. Most tutors have a few (one to seven,
 * so the recommended order has to weigh few ratings); three are new and have none.
 */
export const DEMO_REVIEWS: Record<string, readonly DemoReview[]> = {
  [DEMO_TUTOR_EMAIL]: [
    [5, 'أول مرة أتكلم في اجتماع بالإنجليزي من غير ما أتوتر. شكرًا يا مستر أحمد!'],
    [5, 'Very practical lessons. We rehearsed my actual presentation and it went great.'],
    [4, 'شرح ممتاز، لكن أتمنى لو كانت هناك واجبات أكثر بين الدروس.'],
    [5, 'يصحّح الأخطاء بلطف ويعطيك تعبيرات تستخدمها فورًا في الشغل.'],
    [5, null],
  ],
  'tutor2@darsak.test': [
    [5, 'رفعت درجتي في الكتابة من 5.5 إلى 7 في شهرين. خطتها واضحة جدًا.'],
    [5, 'Yasmine knows the IELTS inside out. Her timed practice made the real test feel easy.'],
    [5, 'تصحيح تفصيلي لكل مقال، وتشرح سبب كل ملاحظة.'],
    [4, 'ممتازة في القراءة والكتابة، والاستماع كان يحتاج وقتًا أطول.'],
    [5, 'دروس منظمة ومفيدة، أنصح بها لكل من يحضّر للآيلتس.'],
    [5, null],
  ],
  'tutor3@darsak.test': [[5, 'اشتغلنا على أسئلة المقابلة الحقيقية في مجالي، وحصلت على الوظيفة!']],
  'tutor4@darsak.test': [
    [5, 'ابني ينتظر الدرس كل أسبوع، وصار ينطق الكلمات بثقة.'],
    [4, 'صبورة جدًا مع الأطفال، والملخص بعد كل درس مفيد لنا كأهل.'],
    [5, 'My daughter loves the songs and stories. Great with young kids.'],
    [4, null],
  ],
  'tutor5@darsak.test': [
    [4, 'مواقف السفر التي تدربنا عليها ساعدتني كثيرًا في رحلتي الأولى.'],
    [5, 'Fun conversations and lots of real travel phrases.'],
    [3, 'الدروس لطيفة لكنها تحتاج تنظيمًا أكثر.'],
  ],
  'tutor6@darsak.test': [
    [5, 'أخيرًا فهمت الأزمنة! تشرح القاعدة بأمثلة من حياتنا.'],
    [5, 'تصحح أبحاثي بالتفصيل، وتحسنت كتابتي الأكاديمية كثيرًا.'],
    [4, 'Clear explanations, though the lessons can move a bit fast.'],
    [5, 'أفضل مدرّسة قواعد تعاملت معها.'],
    [5, null],
    [5, 'منظمة ودقيقة في المواعيد، والواجبات مفيدة.'],
    [4, 'شرح واضح، وأتمنى مواعيد أكثر في المساء.'],
  ],
  'tutor7@darsak.test': [
    [5, 'Got 104 on the TOEFL after six weeks with Youssef. Highly recommended.'],
    [5, 'الاختبارات التجريبية بتوقيتها الحقيقي فرقت معي جدًا.'],
  ],
  'tutor9@darsak.test': [
    [4, 'مصطلحات طبية عملية وتدريب على كتابة التقارير.'],
    [5, 'Exactly what I needed before my OET. Knows the medical context well.'],
    [4, null],
  ],
  'tutor11@darsak.test': [
    [4, 'مفيد في كتابة الإيميلات الرسمية.'],
    [3, 'المحتوى جيد لكن الدروس كانت سريعة بالنسبة لمستواي.'],
  ],
};

/** A message of a demo conversation: who wrote it (the student or the tutor) and what. */
export type DemoMessage = readonly [from: 'student' | 'tutor', body: string];

/**
 * The demo student's conversations, by tutor e-mail, oldest message first. The student has read all but the
 * tutors' last replies, so the dashboard and /chat show unread counts.
 */
export const DEMO_CHATS: Record<string, { messages: readonly DemoMessage[]; unread: number }> = {
  [DEMO_TUTOR_EMAIL]: {
    messages: [
      ['student', 'مساء الخير مستر أحمد، عندي مقابلة عمل بالإنجليزي الأسبوع القادم. هل نقدر نتدرّب عليها؟'],
      ['tutor', 'أهلًا سارة! طبعًا، احجزي درس ٣٠ دقيقة وابعتيلي وصف الوظيفة قبلها.'],
      ['tutor', 'وجهّزي إجابة قصيرة لسؤال "Tell me about yourself" نبدأ بيها.'],
    ],
    unread: 2,
  },
  'tutor2@darsak.test': {
    messages: [
      ['student', 'Hello Ms. Yasmine, is your IELTS plan suitable for a beginner in writing?'],
      ['tutor', 'Hi Sara! Yes, we start with short paragraphs and build up to Task 2 essays.'],
    ],
    unread: 1,
  },
};

/** Tutors without an intro video yet (as new tutors often are); every other demo tutor has a short clip. */
export const DEMO_TUTORS_WITHOUT_VIDEO: readonly string[] = ['tutor8@darsak.test', 'tutor12@darsak.test'];

/** The three tiers (60, 120 and 230 weekly minutes); prices in EGP a month before period discounts. */
export const DEMO_PLANS = [
  { nameAr: 'الباقة الأساسية', nameEn: 'Starter', weeklyMinutes: 60, monthEgp: 600, installments: 1 },
  { nameAr: 'الباقة المتقدمة', nameEn: 'Standard', weeklyMinutes: 120, monthEgp: 1100, installments: 2 },
  { nameAr: 'الباقة المكثفة', nameEn: 'Intensive', weeklyMinutes: 230, monthEgp: 2000, installments: 3 },
] as const;
/** Paying for three months or a year costs less. */
export const DEMO_PLAN_DISCOUNTS = { month: 0, quarter: 10, year: 20 } as const;
