import { NotFound } from '@darsak/ui';

export function NotFoundPage() {
  return <NotFound />;
}
