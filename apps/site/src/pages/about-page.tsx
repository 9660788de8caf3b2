import { PageHero, Section } from '../components/layout.tsx';
import { ar } from '../content/ar.ts';

export function AboutPage() {
  const c = ar.about;
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
