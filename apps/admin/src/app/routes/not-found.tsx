import { NotFound } from '../../components/errors.tsx';

export function NotFoundPage() {
  return <NotFound />;
}
