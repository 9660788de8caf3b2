import { NotFound } from '../../components/errors/not-found.tsx';

export function NotFoundPage() {
  return <NotFound />;
}
