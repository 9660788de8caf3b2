import * as RadixTabs from '@radix-ui/react-tabs';
import type { ComponentProps } from 'react';
import { useI18n } from '../i18n/i18n-provider.tsx';
import { cn } from '../lib/cn.ts';

/** Tabs follow the page direction, so arrow keys move the natural way in Arabic. */
export function Tabs({ className, ...props }: ComponentProps<typeof RadixTabs.Root>) {
  const { dir } = useI18n();
  return <RadixTabs.Root dir={dir} className={cn('flex flex-col gap-4', className)} {...props} />;
}

export function TabsList({ className, ...props }: ComponentProps<typeof RadixTabs.List>) {
  return (
    <RadixTabs.List
      className={cn('flex gap-1 overflow-x-auto rounded-xl border border-line bg-stone-100/70 p-1', className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      className={cn(
        'flex-1 whitespace-nowrap rounded-lg px-4 py-2 text-sm font-semibold text-muted transition-colors',
        'hover:text-ink focus-visible:outline-2 focus-visible:outline-primary-600',
        'data-[state=active]:bg-surface data-[state=active]:text-primary-700 data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return (
    <RadixTabs.Content
      className={cn('focus-visible:outline-2 focus-visible:outline-primary-600', className)}
      {...props}
    />
  );
}
