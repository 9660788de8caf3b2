import { PageHero, Section } from '../components/layout.tsx';

/** Terms, privacy and other plain-text pages. */
export function TextPage({
  heading,
  intro,
  sections,
}: {
  heading: string;
  intro: string;
  sections: ReadonlyArray<{ title: string; body: string }>;
}) {
  return (
    <>
      <PageHero heading={heading} lead={intro} />
      <Section>
        <div className="max-w-3xl space-y-8">
          {sections.map((section) => (
            <section key={section.title} className="space-y-2">
              <h2 className="text-xl font-bold text-ink">{section.title}</h2>
              <p className="text-lg leading-relaxed text-muted">{section.body}</p>
            </section>
          ))}
        </div>
      </Section>
    </>
  );
}
