import { createContext, type ReactNode, useContext, useState } from 'react';
import { useT } from '../i18n/i18n-provider.tsx';
import { cn } from '../lib/cn.ts';

/** The API's address when an app runs on another origin (the admin app): upload paths are files of the API. */
const AssetBase = createContext<string | undefined>(undefined);

export function AssetBaseProvider({ base, children }: { base: string; children: ReactNode }) {
  return <AssetBase.Provider value={base}>{children}</AssetBase.Provider>;
}

/** Resolves an asset path ("/assets/uploads/x.jpg") against the API's address; full URLs stay as they are. */
export function useAssetUrl(): (src: string | null | undefined) => string | null | undefined {
  const base = useContext(AssetBase);
  return (src) => (src && base ? new URL(src, base).toString() : src);
}

export interface AvatarProps {
  name: string;
  src?: string | null | undefined;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  className?: string;
  /** Hide from assistive technology when the name is written next to it. */
  decorative?: boolean;
}

const SIZES = { sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-14 text-lg', xl: 'size-24 text-3xl' } as const;

/** The first letters of the first two words of a name. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => Array.from(w)[0] ?? '')
    .join(' ');
}

export function Avatar({ name, src: path, size = 'md', className, decorative = false }: AvatarProps) {
  const t = useT();
  const src = useAssetUrl()(path);
  const [failed, setFailed] = useState(false);
  const classes = cn(
    'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full',
    SIZES[size],
    className,
  );
  if (src && !failed) {
    return (
      <img
        src={src}
        alt={decorative ? '' : t('avatar.alt', { name })}
        className={cn(classes, 'object-cover')}
        onError={() => setFailed(true)}
      />
    );
  }
  const fallbackClasses = cn(classes, 'bg-primary-100 font-bold text-primary-800');
  if (decorative) {
    // Drawn by CSS, not text: the initials repeat the name beside them, so they stay out of the control's
    // visible label (which the accessible name must contain, WCAG 2.5.3).
    return (
      <span
        className={cn(fallbackClasses, 'before:content-[attr(data-initials)]')}
        data-initials={initialsOf(name)}
        aria-hidden="true"
      />
    );
  }
  return (
    <span className={fallbackClasses} role="img" aria-label={t('avatar.alt', { name })}>
      {initialsOf(name)}
    </span>
  );
}
