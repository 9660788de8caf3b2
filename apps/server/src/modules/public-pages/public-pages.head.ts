import { arabicDigits } from '@darsak/domain/common';
import type { TutorProfile } from '@darsak/domain/tutors';
import { byGender } from '@darsak/domain/users';
import { html, SafeHtml } from '../../platform/html.ts';

/**
 * What a link preview (WhatsApp, Facebook, X) and a search engine read of a public page before any script runs:
 * its title, description, canonical address, Open Graph and Twitter card, and schema.org data. The main app's
 * pages have one address for both languages, so these are in Arabic, the app's first language.
 */
export interface PageHead {
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

const SITE_NAME = 'درسك';
/** Search engines show about this many characters of a description. */
const DESCRIPTION_LENGTH = 160;

const PAGES: Record<string, Omit<PageHead, 'path'>> = {
  '/': {
    title: 'درسك: دروس إنجليزي مباشرة مع معلّمين محترفين',
    description:
      'تعلّم الإنجليزية في دروس فيديو قصيرة ومباشرة مع معلّمين معتمدين، بدقائق أسبوعية تدفعها بالبطاقة أو المحفظة أو فوري.',
    type: 'website',
  },
  '/tutors': {
    title: 'معلّمو الإنجليزية على درسك',
    description: 'اختر معلّمك حسب الموضوع والوقت والتقييم، واحجز درسًا مباشرًا مدته ١٥ أو ٣٠ دقيقة.',
    type: 'website',
  },
  '/plans': {
    title: 'باقات درسك: دقائق أسبوعية بالأسعار',
    description:
      'باقات شهرية من الدقائق الأسبوعية بالجنيه المصري، تُدفع بالبطاقة أو المحفظة أو التقسيط أو نقدًا في فوري.',
    type: 'website',
  },
};

/** The main app's pages anyone may open without an account, besides each tutor's profile (`/t/{id}`). */
export const PUBLIC_PAGES = Object.keys(PAGES);

/** A path of the main app at its public address (PUBLIC_APP_URL, with or without a final slash). */
export const appAddress = (appUrl: string, path: string): string => `${appUrl.replace(/\/$/, '')}${path}`;

/** The head of a page that needs no data (`/`, `/tutors`, `/plans`), or undefined for any other path. */
export function fixedPageHead(path: string): PageHead | undefined {
  const page = PAGES[path];
  return page && { ...page, path };
}

/** A person's own text as a sentence of the description: ended with a full stop unless it has its own. */
const asSentence = (text: string) => (/[.!?؟…]$/.test(text) ? text : `${text}.`);

/** At most DESCRIPTION_LENGTH characters, cut between words. */
function shorten(text: string): string {
  if (text.length <= DESCRIPTION_LENGTH) return text;
  const cut = text.slice(0, DESCRIPTION_LENGTH);
  return `${cut.slice(0, cut.lastIndexOf(' ')).replace(/[\s،,.]+$/, '')}…`;
}

/** A tutor's profile: name, studio photo, what they teach and their rating, as the profile page shows them. */
export function tutorPageHead(tutor: TutorProfile): PageHead {
  const [teacher, teaches] = byGender(tutor.gender, { male: ['معلّم', 'يدرّس'], female: ['معلّمة', 'تدرّس'] });
  const { average, count } = tutor.rating;
  const rating =
    average !== null && count > 0
      ? arabicDigits(`التقييم ${average.toFixed(1).replace('.', '٫')} من 5 (عدد التقييمات ${count}).`)
      : undefined;
  const topics =
    tutor.topics.length > 0 ? `${teaches}: ${tutor.topics.map((topic) => topic.nameAr).join('، ')}.` : undefined;
  const lengths = arabicDigits(`دروس ${tutor.lessonLengths.join(' و')} دقيقة.`);
  const about = tutor.bio ?? tutor.about ?? '';
  return {
    title: `${tutor.name}: ${teacher} إنجليزي على درسك`,
    description: shorten([about && asSentence(about), topics, rating, lengths].filter(Boolean).join(' ')),
    path: `/t/${tutor.id}`,
    type: 'profile',
    image: tutor.image ?? undefined,
    data: {
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: tutor.name,
      jobTitle: `${teacher} لغة إنجليزية`,
      ...(tutor.image ? { image: tutor.image } : {}),
      ...(about ? { description: about } : {}),
      knowsAbout: ['English', ...tutor.topics.map((topic) => topic.nameEn)],
    },
  };
}

/** JSON inside a script element: `<` escaped so no text can close the element. */
const jsonForScript = (data: unknown) => JSON.stringify(data).replace(/</g, '\\u003c');

/** The tags of a page's head, with every address absolute on `appUrl`. */
export function headTags(appUrl: string, head: PageHead): SafeHtml {
  const url = appAddress(appUrl, head.path);
  const image = head.image && (/^https?:\/\//.test(head.image) ? head.image : appAddress(appUrl, head.image));
  const data = head.data ? { ...head.data, url, ...(image ? { image } : {}) } : undefined;
  return html`<title>${head.title}</title>
    <meta name="description" content="${head.description}" />
    <link rel="canonical" href="${url}" />
    <meta property="og:site_name" content="${SITE_NAME}" />
    <meta property="og:locale" content="ar_EG" />
    <meta property="og:type" content="${head.type}" />
    <meta property="og:title" content="${head.title}" />
    <meta property="og:description" content="${head.description}" />
    <meta property="og:url" content="${url}" />
    ${image ? html`<meta property="og:image" content="${image}" />` : ''}
    <meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />
    <meta name="twitter:title" content="${head.title}" />
    <meta name="twitter:description" content="${head.description}" />
    ${image ? html`<meta name="twitter:image" content="${image}" />` : ''}
    ${data ? html`<script type="application/ld+json">${new SafeHtml(jsonForScript(data))}</script>` : ''}`;
}
