import { buttonClasses, ErrorScreen } from '@darsak/ui';
import { ar } from '../content/ar.ts';

export function NotFoundPage() {
  return (
    <ErrorScreen
      mark="٤٠٤"
      title={ar.notFound.heading}
      description={ar.notFound.body}
      actions={
        <a href="/" className={buttonClasses()}>
          {ar.notFound.home}
        </a>
      }
    />
  );
}
