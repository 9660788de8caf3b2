import { Link } from 'react-router';

/**
 * The logo: a mark and the name درسك. The link is named by the words it shows (WCAG 2.5.3); the mark's letter is
 * drawn by CSS so it is not part of that visible label.
 */
export function Brand({ to = '/', suffix }: { to?: string; suffix?: string }) {
  return (
    <Link
      to={to}
      className="flex items-center gap-2 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-primary-600"
    >
      <span
        aria-hidden="true"
        className="relative flex size-9 items-center justify-center rounded-xl bg-primary-600 text-lg font-extrabold text-white before:content-['د']"
      >
        <span className="absolute -top-0.5 -end-0.5 size-2.5 rounded-full bg-accent-400 ring-2 ring-surface" />
      </span>
      {/* On phones narrower than 375 px the mark alone leaves the navbar room (the link keeps its name). */}
      <span className="text-xl font-extrabold text-primary-800 max-[374px]:sr-only" lang="ar">
        درسك
      </span>
      {suffix && <span className="text-sm font-semibold text-muted">{suffix}</span>}
    </Link>
  );
}
