import { PageHero, Section } from '../components/layout.tsx';
import { useSite } from '../components/site-context.tsx';

export function AboutPage() {
  const c = useSite().content.about;
  return (
    <>
      <PageHero heading={c.heading} />
      <Section>
        <div className="max-w-3xl space-y-5 text-lg leading-relaxed text-muted">
          {c.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </Section>
    </>
  );
}
