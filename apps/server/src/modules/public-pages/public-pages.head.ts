import { arabicDigits, jsonInHtml, type Locale } from '@darsak/domain/common';
import { lessonPriceFromPiastres, type Plan } from '@darsak/domain/plans';
import type { TutorProfile } from '@darsak/domain/tutors';
import { byGender } from '@darsak/domain/users';
import { html, SafeHtml } from '../../platform/html.ts';

/**
 * What a link preview (WhatsApp, Facebook, X) and a search engine read of a public page before any script runs:
 * its title, description, canonical address, alternates in the other language, Open Graph and Twitter card, and
 * schema.org data. A page's Arabic is at its address, its English at the same address with `?lang=en`.
 */
export interface PageHead {
  locale: Locale;
  title: string;
  description: string;
  /** The page's own address (path only is joined to the app's address). */
  path: string;
  type: 'website' | 'profile';
  /** An absolute address, or a path on the app's origin. */
  image?: string | undefined;
  /** schema.org data (JSON-LD). */
  data?: Record<string, unknown> | undefined;
}

const SITE_NAME: Record<Locale, string> = { ar: 'درسك', en: 'Darsak' };
/** Search engines show about this many characters of a description. */
const DESCRIPTION_LENGTH = 160;

type FixedHead = Omit<PageHead, 'path' | 'locale'>;
const PLANS_PAGE: Record<Locale, FixedHead> = {
  ar: {
    title: 'باقات درسك: دقائق أسبوعية بالأسعار',
    description:
      'باقات شهرية من الدقائق الأسبوعية بالجنيه المصري، تُدفع بالبطاقة أو المحفظة أو التقسيط أو نقدًا في فوري.',
    type: 'website',
  },
  en: {
    title: 'Darsak plans: weekly minutes and prices',
    description:
      'Monthly plans of weekly minutes in Egyptian pounds, paid by card, mobile wallet, instalments or cash at Fawry.',
    type: 'website',
  },
};

const PAGES: Record<string, Record<Locale, FixedHead>> = {
  '/': {
    ar: {
      title: 'درسك: دروس إنجليزي مباشرة مع معلّمين محترفين',
      description:
        'تعلّم الإنجليزية في دروس فيديو قصيرة ومباشرة مع معلّمين معتمدين، بدقائق أسبوعية تدفعها بالبطاقة أو المحفظة أو فوري.',
      type: 'website',
    },
    en: {
      title: 'Darsak: live English lessons with professional tutors',
      description:
        'Learn English in short live video lessons with vetted tutors, with weekly minutes paid by card, mobile wallet or Fawry.',
      type: 'website',
    },
  },
  '/tutors': {
    ar: {
      title: 'معلّمو الإنجليزية على درسك',
      description: 'اختر معلّمك حسب الموضوع والوقت والتقييم، واحجز درسًا مباشرًا مدته ١٥ أو ٣٠ دقيقة.',
      type: 'website',
    },
    en: {
      title: 'English tutors on Darsak',
      description: 'Choose your tutor by topic, time and rating, and book a live lesson of 15 or 30 minutes.',
      type: 'website',
    },
  },
  '/plans': PLANS_PAGE,
};

/** The main app's pages anyone may open without an account, besides each tutor's profile (`/t/{id}`). */
export const PUBLIC_PAGES = Object.keys(PAGES);

/** A path of the main app at its public address (PUBLIC_APP_URL, with or without a final slash), in a language. */
export const appAddress = (appUrl: string, path: string, locale: Locale = 'ar'): string =>
  `${appUrl.replace(/\/$/, '')}${path}${locale === 'en' ? '?lang=en' : ''}`;

/** The head of a page that needs no data (`/`, `/tutors`; `/plans` has `plansPageHead`), or undefined for any other path. */
export function fixedPageHead(path: string, locale: Locale): PageHead | undefined {
  const page = PAGES[path]?.[locale];
  return page && { ...page, path, locale };
}

/** The plans page's head, with each plan's offers (its period prices in EGP) as schema.org data. */
export function plansPageHead(plans: readonly Plan[], locale: Locale): PageHead {
  const nameOf = (plan: Plan) => (locale === 'en' ? plan.nameEn : plan.nameAr) ?? plan.nameAr ?? plan.nameEn ?? '';
  return {
    ...PLANS_PAGE[locale],
    path: '/plans',
    locale,
    data: {
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      itemListElement: plans.map((plan, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        item: {
          '@type': 'Product',
          name: nameOf(plan),
          description:
            locale === 'en'
              ? `${plan.weeklyMinutes} minutes a week`
              : arabicDigits(`${plan.weeklyMinutes} دقيقة أسبوعيًا`),
          offers: Object.values(plan.prices).map((price) => ({
            '@type': 'Offer',
            price: (price.pricePiastres / 100).toFixed(2),
            priceCurrency: 'EGP',
            eligibleDuration: { '@type': 'QuantitativeValue', value: price.months, unitCode: 'MON' },
          })),
        },
      })),
    },
  };
}

/** A person's own text as a sentence of the description: ended with a full stop unless it has its own. */
const asSentence = (text: string) => (/[.!?؟…]$/.test(text) ? text : `${text}.`);

/** At most DESCRIPTION_LENGTH characters, cut between words. */
function shorten(text: string): string {
  if (text.length <= DESCRIPTION_LENGTH) return text;
  const cut = text.slice(0, DESCRIPTION_LENGTH);
  return `${cut.slice(0, cut.lastIndexOf(' ')).replace(/[\s،,.]+$/, '')}…`;
}

/** The words of a tutor's head in each language. */
const TUTOR_WORDS = {
  ar: (tutor: TutorProfile) => {
    const [teacher, teaches] = byGender(tutor.gender, { male: ['معلّم', 'يدرّس'], female: ['معلّمة', 'تدرّس'] });
    const { average, count } = tutor.rating;
    return {
      title: `${tutor.name}: ${teacher} إنجليزي على درسك`,
      jobTitle: `${teacher} لغة إنجليزية`,
      rating:
        average !== null && count > 0
          ? arabicDigits(`التقييم ${average.toFixed(1).replace('.', '٫')} من 5 (عدد التقييمات ${count}).`)
          : undefined,
      topics:
        tutor.topics.length > 0 ? `${teaches}: ${tutor.topics.map((topic) => topic.nameAr).join('، ')}.` : undefined,
      lengths: arabicDigits(`دروس ${tutor.lessonLengths.join(' و')} دقيقة.`),
      price: (price: LessonPrice) => arabicDigits(`الدرس ${price.minutes} دقيقة من ${price.piastres / 100} ج.م.`),
    };
  },
  en: (tutor: TutorProfile) => {
    const { average, count } = tutor.rating;
    return {
      title: `${tutor.name}: English tutor on Darsak`,
      jobTitle: 'English teacher',
      rating:
        average !== null && count > 0
          ? `Rated ${average.toFixed(1)} of 5 (${count} rating${count === 1 ? '' : 's'}).`
          : undefined,
      topics: tutor.topics.length > 0 ? `Teaches ${tutor.topics.map((topic) => topic.nameEn).join(', ')}.` : undefined,
      lengths: `${tutor.lessonLengths.join(' and ')} minute lessons.`,
      price: (price: LessonPrice) => `A ${price.minutes}-minute lesson from EGP ${price.piastres / 100}.`,
    };
  },
};

/** The least a tutor's longest lesson costs on the public plans (see lessonPriceFromPiastres). */
export interface LessonPrice {
  minutes: number;
  piastres: number;
}

/** The price of the tutor's longest lesson on `plans`, or undefined when none is on sale or no length is offered. */
export function lessonPriceOf(tutor: TutorProfile, plans: readonly Plan[]): LessonPrice | undefined {
  const minutes = Math.max(0, ...tutor.lessonLengths);
  const piastres = minutes > 0 ? lessonPriceFromPiastres(plans, minutes) : undefined;
  return piastres === undefined ? undefined : { minutes, piastres };
}

/**
 * A tutor's profile: name, studio photo, what they teach, their rating and the price of a lesson, as the profile
 * page shows them. The price is an offer in the schema.org data too.
 */
export function tutorPageHead(tutor: TutorProfile, locale: Locale = 'ar', price?: LessonPrice): PageHead {
  const words = TUTOR_WORDS[locale](tutor);
  const about = tutor.bio ?? tutor.about ?? '';
  return {
    locale,
    title: words.title,
    description: shorten(
      // What a link preview must not lose to the cut comes first: the price and the rating.
      [price ? words.price(price) : words.lengths, words.rating, about && asSentence(about), words.topics]
        .filter(Boolean)
        .join(' '),
    ),
    path: `/t/${tutor.id}`,
    type: 'profile',
    image: tutor.image ?? undefined,
    data: {
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: tutor.name,
      jobTitle: words.jobTitle,
      ...(tutor.image ? { image: tutor.image } : {}),
      ...(about ? { description: about } : {}),
      knowsAbout: ['English', ...tutor.topics.map((topic) => topic.nameEn)],
      knowsLanguage: 'en',
      ...(price
        ? {
            makesOffer: {
              '@type': 'Offer',
              itemOffered: { '@type': 'Service', name: `${price.minutes}-minute live English lesson` },
              priceSpecification: {
                '@type': 'PriceSpecification',
                minPrice: (price.piastres / 100).toFixed(2),
                priceCurrency: 'EGP',
              },
            },
          }
        : {}),
    },
  };
}

const OG_LOCALE: Record<Locale, string> = { ar: 'ar_EG', en: 'en_EG' };

/** The tags of a page's head, with every address absolute on `appUrl`. */
export function headTags(appUrl: string, head: PageHead): SafeHtml {
  const url = appAddress(appUrl, head.path, head.locale);
  const other: Locale = head.locale === 'ar' ? 'en' : 'ar';
  const image = head.image && (/^https?:\/\//.test(head.image) ? head.image : appAddress(appUrl, head.image));
  const data = head.data ? { ...head.data, url, ...(image ? { image } : {}) } : undefined;
  return html`<title>${head.title}</title>
    <meta name="description" content="${head.description}" />
    <link rel="canonical" href="${url}" />
    <link rel="alternate" hreflang="ar" href="${appAddress(appUrl, head.path, 'ar')}" />
    <link rel="alternate" hreflang="en" href="${appAddress(appUrl, head.path, 'en')}" />
    <link rel="alternate" hreflang="x-default" href="${appAddress(appUrl, head.path, 'ar')}" />
    <meta property="og:site_name" content="${SITE_NAME[head.locale]}" />
    <meta property="og:locale" content="${OG_LOCALE[head.locale]}" />
    <meta property="og:locale:alternate" content="${OG_LOCALE[other]}" />
    <meta property="og:type" content="${head.type}" />
    <meta property="og:title" content="${head.title}" />
    <meta property="og:description" content="${head.description}" />
    <meta property="og:url" content="${url}" />
    ${image ? html`<meta property="og:image" content="${image}" />` : ''}
    <meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />
    <meta name="twitter:title" content="${head.title}" />
    <meta name="twitter:description" content="${head.description}" />
    ${image ? html`<meta name="twitter:image" content="${image}" />` : ''}
    ${data ? html`<script type="application/ld+json">${new SafeHtml(jsonInHtml(data))}</script>` : ''}`;
}
