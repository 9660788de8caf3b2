import { buttonClasses, ErrorScreen } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { SiteLink, useSite } from '../components/site-context.tsx';

export function NotFoundPage() {
  const { content } = useSite();
  const { format } = useI18n();
  return (
    <ErrorScreen
      mark={format.number(404, { useGrouping: false })}
      title={content.notFound.heading}
      description={content.notFound.body}
      actions={
        <SiteLink to="/" className={buttonClasses()}>
          {content.notFound.home}
        </SiteLink>
      }
    />
  );
}
