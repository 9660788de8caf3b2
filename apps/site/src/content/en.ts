import type { SiteContent } from './index.ts';

/** The marketing site's English content: the same facts as the Arabic, written for English readers. */
export const en: SiteContent = {
  brand: 'Darsak',
  nav: {
    label: 'Main navigation',
    menu: 'Menu',
    home: 'Home',
    method: 'Our method',
    pricing: 'Plans',
    tutor: 'Teach with us',
    faq: 'FAQ',
    about: 'About us',
    contact: 'Contact us',
    login: 'Sign in',
    start: 'Get started',
  },
  otherLanguage: { label: 'العربية', lang: 'ar' },
  footer: {
    tagline: 'Short, live English lessons with professional tutors, explained in Arabic, from home.',
    product: 'Darsak',
    help: 'Help',
    legal: 'Legal',
    terms: 'Terms of use',
    privacy: 'Privacy policy',
    faqStudent: 'Student questions',
    faqTutor: 'Tutor questions',
    rights: 'All rights reserved.',
  },
  home: {
    title: 'Darsak | Short, live English lessons',
    description:
      'Learn English in live 15- or 30-minute video lessons with professional tutors, with weekly-minute plans that fit your time.',
    badge: 'Live video lessons',
    heading: 'Speak English with confidence, one short lesson at a time',
    lead: 'Darsak is an Egyptian platform that connects you with professional tutors in live 15- or 30-minute video lessons. Pick the plan that fits your week, book at a time that suits you, and speak more than you listen.',
    ctaStudent: 'Start learning now',
    ctaMethod: 'How we teach',
    stepsTitle: 'How does Darsak work?',
    steps: [
      {
        title: 'Create your account',
        body: 'Sign up with your e-mail or Google account, then confirm your e-mail and mobile number.',
      },
      {
        title: 'Choose your plan',
        body: 'Plans of weekly minutes: 60, 120 or 230 minutes a week, renewed automatically every week.',
      },
      {
        title: 'Book your lesson',
        body: 'Choose the tutor, the time and the length (15 or 30 minutes) from the free times in your week.',
      },
      {
        title: 'Join the lesson',
        body: 'Lessons are live video in the browser, and we remind you a day and an hour before.',
      },
    ],
    featuresTitle: 'Why Darsak?',
    features: [
      {
        title: 'Short, focused lessons',
        body: 'A quarter or half an hour of real conversation fits your day better, and stays with you longer, than a long lecture.',
      },
      {
        title: 'Carefully chosen tutors',
        body: 'Every tutor goes through an intro video, an interview and a trial session before you see them.',
      },
      {
        title: 'Topics you enjoy',
        body: 'Pick your favourite topics (travel, work, films…) so the conversation is about something you care about.',
      },
      {
        title: 'Pay the way that suits you',
        body: 'Bank card, mobile wallet, bank instalments, or cash at Fawry with a reference number.',
      },
    ],
    tiersTitle: 'Plans of weekly minutes',
    tiersLead: 'Each plan sets your lesson minutes for the week; split them into 15- or 30-minute lessons as you like.',
    tiersCta: 'Plan details',
    tutorTitle: 'Are you an English tutor?',
    tutorBody:
      'Teach from home at the times you choose, and withdraw your earnings to your wallet, bank account or InstaPay.',
    tutorCta: 'Join as a tutor',
  },
  plans: {
    listLabel: 'Available plans',
    lessons: {
      zero: 'no lessons of {length}',
      one: '{count} lesson of {length}',
      two: '{count} lessons of {length}',
      few: '{count} lessons of {length}',
      many: '{count} lessons of {length}',
      other: '{count} lessons of {length}',
    },
    upTo: 'Up to {lessons}',
    or: 'or {lessons}',
    discount: '{percent} off',
    perMonth: 'that is {price} a month',
    installments: 'Can be paid in monthly instalments.',
    subscribe: 'Subscribe in the app',
    unavailable:
      'Prices cannot be shown right now. The current prices are on the plans page of the app, before you pay.',
    empty: 'No plans are open for subscription right now. Check back soon.',
    note: 'Prices are in Egyptian pounds and include lessons with every available tutor. The final amount, after any coupon, is shown before you pay.',
  },
  method: {
    title: 'Our teaching method | Darsak',
    description: 'Short, frequent lessons, more speaking, and topics you choose: this is how Darsak teaches English.',
    heading: 'Our method: a little, often, beats a lot, rarely',
    lead: 'A language is a skill you gain by practice. So we built Darsak around short, regular lessons in which you do most of the talking.',
    points: [
      {
        title: 'Lessons of 15 or 30 minutes',
        body: 'Short enough for a work or study day, and enough for real practice with a tutor who is attending to you alone.',
      },
      {
        title: 'Weekly minutes that renew',
        body: 'Your plan gives you minutes every week, renewed automatically on the morning of your renewal day. Unused minutes do not carry over: regular practice is the goal.',
      },
      {
        title: 'One booked lesson at a time',
        body: 'You book your next lesson after you attend or cancel the current one, so your schedule stays clear and tutors stay available to everyone.',
      },
      {
        title: 'Booking within your week',
        body: "You book from the free times in your current subscription week, at least the tutor's notice period before the lesson starts.",
      },
      {
        title: 'Topics from your interests',
        body: 'You choose your favourite topics in your profile, and the tutor builds the conversation around them.',
      },
      {
        title: 'A reminder before every lesson',
        body: 'We remind you a day and an hour before each lesson, by WhatsApp or Telegram as you choose.',
      },
    ],
    cta: 'Try your first lesson',
  },
  pricing: {
    title: 'Plans and prices | Darsak',
    description:
      "Darsak's plans: 60, 120 or 230 minutes a week, monthly, quarterly or yearly, paid by card, wallet, instalments or Fawry.",
    heading: 'Choose the plan that fits your week',
    lead: 'Every plan includes live lessons with all available tutors. The difference is how many lesson minutes you get each week.',
    plansTitle: 'Plans and their prices',
    periodsTitle: 'Subscription length',
    periods: [
      { name: 'Monthly', body: 'Four weeks of lessons.' },
      { name: 'Quarterly', body: 'Twelve weeks, at a discount on the monthly price.' },
      { name: 'Yearly', body: 'Fifty-two weeks, at the biggest discount.' },
    ],
    paymentTitle: 'Ways to pay',
    payments: [
      { name: 'Bank card', body: 'Pay by card and save it for easier renewals.' },
      { name: 'Mobile wallet', body: 'Pay from your mobile wallet.' },
      {
        name: 'Bank instalments',
        body: 'Split a plan into monthly instalments by bank card, where the plan offers it.',
      },
      { name: 'Fawry (reference number)', body: 'Get a reference number and pay cash at any Fawry outlet.' },
    ],
    cancelTitle: 'Cancelling and refunds',
    cancelBody:
      'You can cancel your subscription and get a refund as long as you have not taken more lessons than the subscription allows. If you cancel a booked lesson early enough, its minutes go back to your weekly balance.',
  },
  tutor: {
    title: 'Teach English with Darsak',
    description:
      'Join Darsak as an English tutor: teach online at your own times, and withdraw your earnings to your wallet, bank account or InstaPay.',
    heading: 'Teach English from home, at the times you choose',
    lead: 'We are looking for tutors who love to talk and explain, and who value a short, focused lesson.',
    cta: 'Sign up as a tutor',
    stepsTitle: 'Steps to join',
    steps: [
      {
        title: 'Create your account',
        body: 'Sign up with your name in Arabic (at least two names), confirm your e-mail and mobile number, and complete your profile: an Arabic bio and your favourite topics.',
      },
      { title: 'Intro video', body: 'Upload a short intro video about yourself, one to three minutes long.' },
      { title: 'Interview', body: 'Book a 30-minute interview with our tutor manager from the open times.' },
      { title: 'Trial session', body: 'Give a 30-minute trial lesson so we can see how you teach.' },
      {
        title: 'Studio session',
        body: 'Our studio team takes your photo and a one-minute intro video in English; then your account is activated and students can see you.',
      },
    ],
    benefitsTitle: 'What Darsak offers you',
    benefits: [
      {
        title: 'Your schedule, your call',
        body: 'You set your free times and the least notice you need between a booking and the lesson.',
      },
      {
        title: 'Clear earnings',
        body: 'Each lesson has a set price at booking time, by its length, added to your balance once it is done.',
      },
      {
        title: 'Flexible withdrawals',
        body: 'Withdraw EGP 100 to 50,000 to your wallet, bank account or InstaPay; requests are paid within 4 to 5 working days.',
      },
      { title: 'Committed students', body: 'Students subscribe to weekly plans and book their lessons regularly.' },
    ],
    noteTitle: 'Before you start',
    note: 'If you are not accepted at the interview, you can apply again after three months.',
  },
  faq: {
    title: 'Frequently asked questions | Darsak',
    description: 'Answers to the most common questions about Darsak, for students and tutors.',
    heading: 'Frequently asked questions',
    lead: 'Choose the list that fits you.',
    studentTitle: 'Student questions',
    studentDescription: 'Plans, booking, payment and lessons.',
    tutorTitle: 'Tutor questions',
    tutorDescription: 'Joining, schedule, earnings and withdrawals.',
    allLink: 'All questions',
    student: [
      {
        q: 'How long is a lesson?',
        a: 'When you book you choose a 15- or 30-minute lesson, and its length is taken from your weekly minutes.',
      },
      {
        q: 'What are weekly minutes?',
        a: 'Each plan gives you a weekly balance: 60, 120 or 230 minutes. It renews automatically every week, and unused minutes do not carry over.',
      },
      {
        q: 'Can I book more than one lesson at a time?',
        a: 'You can have one booked lesson at a time. After you attend or cancel it, you book the next one.',
      },
      {
        q: 'What do I need before my first booking?',
        a: 'A confirmed account (e-mail and mobile number), an active subscription with enough minutes, and a free time within your current week.',
      },
      {
        q: 'How do I pay?',
        a: 'By bank card, mobile wallet, bank instalments where the plan offers them, or cash at Fawry with a reference number.',
      },
      {
        q: 'Can I cancel a lesson?',
        a: 'Yes, you can cancel or move a lesson up to the time the platform allows before it starts, and its minutes go back to your balance.',
      },
      {
        q: 'What if the tutor does not show up?',
        a: "If the tutor has not joined within the first 5 minutes you can end the lesson; it counts as the tutor's cancellation and your minutes come back.",
      },
      {
        q: 'What do I need to attend a lesson?',
        a: 'A recent browser (Chrome, Edge, Firefox or Safari) with a camera, a microphone and a stable internet connection.',
      },
    ],
    tutor: [
      {
        q: 'What do I need to join?',
        a: 'An Arabic name of at least two parts, a confirmed e-mail and mobile number, an Arabic bio, then the joining steps: intro video, interview, trial session and studio session.',
      },
      { q: 'How long is the intro video?', a: 'One to three minutes.' },
      {
        q: 'How long is the interview?',
        a: 'The interview and the trial session are 30 minutes each. You can cancel the interview before its time.',
      },
      { q: 'If I am not accepted, can I apply again?', a: 'Yes, three months after the refusal.' },
      {
        q: 'How do I set my times?',
        a: 'In your schedule you set your free times for each week and the least notice between a booking and the lesson. A change that would cancel booked lessons is not allowed.',
      },
      {
        q: 'How do I withdraw my earnings?',
        a: 'On the earnings page you request EGP 100 to 50,000 to a mobile wallet, bank account or InstaPay. Requests are paid within 4 to 5 working days, and you can change or cancel one while it is under review.',
      },
    ],
  },
  about: {
    title: 'About us | Darsak',
    description: 'Darsak is an Egyptian platform for learning English in short, live lessons with professional tutors.',
    heading: 'About us',
    paragraphs: [
      'Darsak (the name means "your lesson" in Arabic) is an Egyptian, Arabic-first platform. Its aim is to make learning English an easy weekly habit, not a project put off for later.',
      'We believe fluency comes from speaking regularly with an attentive tutor, so we designed short, live video lessons and plans of weekly minutes that suit students and working people alike.',
      'We choose our tutors through clear steps (an intro video, an interview, a trial session and a studio session), so students know enough about a tutor before booking.',
      'Prices are in Egyptian pounds, paid in ways familiar in Egypt: card, wallet, instalments and Fawry.',
    ],
  },
  contact: {
    title: 'Contact us | Darsak',
    description: 'Ways to reach the Darsak team.',
    heading: 'Contact us',
    lead: 'We are happy to hear from you, whether you have a question about plans or a problem in a lesson.',
    accountTitle: 'Have a Darsak account?',
    accountBody: 'Sign in to the app to follow your lessons and subscription.',
    accountCta: 'Sign in to the app',
    channelsTitle: 'Support channels',
    channelsNone: 'No public support channels are open yet. See the FAQ, or sign in to the app.',
    channels: {
      whatsapp: 'WhatsApp',
      chat: 'Live chat',
      telegramNotifications: 'Notifications channel on Telegram',
      telegramTutors: 'Tutors channel on Telegram',
    },
    form: {
      title: 'Send a message to our support team',
      intro: 'Write your question or problem. If you want a reply, leave your e-mail or mobile number.',
      fields: {
        title: 'Subject',
        message: 'Message',
        name: 'Your name (optional)',
        email: 'E-mail (optional)',
        phone: 'Mobile number (optional)',
      },
      messageHint: '10 to 2000 characters.',
      phoneHint: 'An Egyptian number starting with 01, such as 01012345678.',
      submit: 'Send the message',
      failedTitle: 'Your message was not sent',
    },
    sent: {
      title: 'Message received | Darsak',
      description: 'Your message reached the Darsak team.',
      heading: 'Message received',
      body: 'Thank you. The Darsak team will read your message, and if you left an e-mail or mobile number we will reply there.',
      another: 'Send another message',
      home: 'Back to the home page',
    },
    faqLink: 'Browse the FAQ',
  },
  terms: {
    title: 'Terms of use | Darsak',
    description: "Darsak's terms of use, in plain language.",
    heading: 'Terms of use',
    intro: 'By using Darsak you agree to these terms. We wrote them plainly so you know your rights and duties.',
    sections: [
      {
        title: 'Your account',
        body: 'You are responsible for your details being correct and your password secret. Your e-mail and mobile number must be confirmed to complete your profile and to book or give lessons.',
      },
      {
        title: 'Subscriptions and payment',
        body: 'Prices are in Egyptian pounds and shown before you pay. A subscription starts once payment is confirmed and gives you weekly minutes that renew every week; unused minutes do not carry over.',
      },
      {
        title: 'Booking and cancelling',
        body: 'One booked lesson is allowed at a time, within the current subscription week. A lesson can be cancelled or moved up to the time the platform sets before it starts, and its minutes go back to the balance.',
      },
      {
        title: 'Subscription refunds',
        body: 'A subscription can be cancelled and refunded as long as the lessons taken have not passed the limit the platform sets.',
      },
      {
        title: 'Conduct in lessons',
        body: 'We expect mutual respect between students and tutors. We may suspend any account that misuses or games the platform.',
      },
      {
        title: 'Tutors',
        body: "Tutors keep to the times they publish. Completed lessons' earnings are added to their balance, withdrawn at EGP 100 to 50,000 per request.",
      },
      {
        title: 'Changes to these terms',
        body: 'We may update these terms, and will tell you of any important change before it applies.',
      },
    ],
  },
  privacy: {
    title: 'Privacy policy | Darsak',
    description: 'How Darsak collects, uses and protects your data.',
    heading: 'Privacy policy',
    intro: 'Your privacy matters to us. Here is what data we collect and why.',
    sections: [
      {
        title: 'What we collect',
        body: 'Your name, e-mail, mobile number, governorate, birth year, gender and photo if you add one, and the data of your lessons, subscriptions and payments.',
      },
      {
        title: 'Why we collect it',
        body: 'To run your account and confirm who you are, to book lessons and remind you of them, and to issue invoices and handle payments and withdrawals.',
      },
      {
        title: 'Messages',
        body: 'Messages about your payments (payment received, the Fawry reference number and its deadline, refunds), bookings, cancellations and account security always reach you by e-mail, and by the channel you choose too (WhatsApp, Telegram or e-mail). Lesson reminders and subscription-ending notices are yours to turn on or off, kind by kind, in your settings; choosing “No notifications” turns them all off and keeps only those essential e-mails. Confirmation codes go to the address or number you are confirming.',
      },
      {
        title: 'Payments',
        body: 'Payments go through a licensed payment provider, and we never keep your full card details on our servers.',
      },
      {
        title: 'Live lessons',
        body: 'Video and sound in lessons travel directly between you and the tutor wherever possible, and we do not record lessons.',
      },
      {
        title: 'Protecting your data',
        body: 'We protect your data with hashed passwords and secure connections, and only you and the staff concerned see your files, when needed.',
      },
      {
        title: 'Your rights',
        body: 'You can change your details from your profile at any time, and ask for your account to be deleted through our support channels.',
      },
    ],
  },
  shortUrl: {
    title: 'Redirecting | Darsak',
    description: 'A short link from Darsak.',
    heading: 'Taking you there…',
    unknownHeading: 'This short link is unknown',
    unknownBody: 'The link may have expired or been mistyped.',
    home: 'Back to the home page',
    manual: 'If you are not taken there automatically, follow this link',
  },
  notFound: {
    title: 'Page not found | Darsak',
    description: 'Page not found.',
    heading: 'Page not found',
    body: 'The page may have moved or been removed.',
    home: 'Back to the home page',
  },
};
