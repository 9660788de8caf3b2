import { myTopicsQuery, tutorMetaQuery } from '@darsak/client';
import type { TutorMeta, User } from '@darsak/domain/users';
import { Button, Card, FormError, LoadingAnimation, Stepper, useToast } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../lib/api.ts';
import { useErrorText } from '../../../lib/forms.ts';
import { useStudentProfile } from '../hooks/use-profile-mutations.ts';
import { MainInfoForm } from './main-info-form.tsx';
import { StudentAboutFormCard } from './student-about-form.tsx';
import { TopicsPicker } from './topics-picker.tsx';
import { TutorBioFormCard } from './tutor-bio-form.tsx';

/** What each step of the stepper asks for, as the profile holds it now. */
export interface ProfileSteps {
  mainInfo: boolean;
  about: boolean;
  topics: boolean;
}

/** The step to open at: the first one not done yet (a profile done throughout opens at the first, to review). */
export function firstIncompleteStep(done: ProfileSteps): number {
  const step = [done.mainInfo, done.about, done.topics].indexOf(false);
  return step === -1 ? 0 : step;
}

/**
 * The steps done, judged as the server judges completion (main info for everyone, a tutor's missing data), on
 * the tutor's meta as the server answers it now: the meta kept with the session may be absent or older (it is
 * read again after a reload or a sign-in), and judged on it a bio still to write looked written.
 */
function useProfileSteps(user: User, tutor: boolean) {
  const about = useStudentProfile(user.id, !tutor);
  const meta = useQuery({ ...tutorMetaQuery(api), enabled: tutor });
  const topics = useQuery(myTopicsQuery(api));
  const error = topics.error ?? (tutor ? meta.error : about.error);
  if (!topics.data || (tutor ? !meta.data : about.isPending)) return { error };
  const missing = meta.data?.missingData ?? [];
  const done: ProfileSteps = {
    mainInfo:
      Boolean(user.phone && user.governorate && user.birthYear && user.gender) &&
      !missing.includes('name') &&
      !missing.includes('phone'),
    about: tutor ? !missing.includes('bio') && !missing.includes('about') : (about.data?.englishLevel ?? null) !== null,
    topics: topics.data.total > 0,
  };
  return { error, done, meta: meta.data ?? null };
}

/**
 * The complete-profile stepper of spec §2: main info, bio, favourite topics. Each step saves on its own; coming
 * back to it resumes at the first step not done yet.
 */
export function CompleteProfileStepper(props: {
  user: User;
  meta: TutorMeta | null;
  tutor: boolean;
  onFinished: () => void;
}) {
  const errorText = useErrorText();
  const { error, done, meta } = useProfileSteps(props.user, props.tutor);
  if (!done) return error ? <FormError message={errorText(error)} /> : <LoadingAnimation />;
  return <Steps {...props} meta={meta ?? props.meta} initialStep={firstIncompleteStep(done)} />;
}

function Steps({
  user,
  meta,
  tutor,
  onFinished,
  initialStep,
}: {
  user: User;
  meta: TutorMeta | null;
  tutor: boolean;
  onFinished: () => void;
  initialStep: number;
}) {
  const t = useT();
  const { toast } = useToast();
  const [step, setStep] = useState(initialStep);
  const steps = [t('profile.steps.main'), t('profile.steps.bio'), t('profile.steps.topics')];
  const next = () => setStep((value) => value + 1);
  const back =
    step > 0 ? (
      <Button variant="ghost" size="sm" onClick={() => setStep((value) => value - 1)}>
        {t('common.back')}
      </Button>
    ) : undefined;

  return (
    <div className="flex flex-col gap-6">
      <Stepper steps={steps} current={step} />
      <Card title={steps[step]} level={2} actions={back}>
        {step === 0 && (
          <MainInfoForm user={user} purpose="complete" submitLabel={t('profile.saveAndNext')} onSaved={next} />
        )}
        {step === 1 &&
          (tutor ? (
            <TutorBioFormCard user={user} meta={meta} submitLabel={t('profile.saveAndNext')} onSaved={next} />
          ) : (
            <StudentAboutFormCard user={user} submitLabel={t('profile.saveAndNext')} onSaved={next} />
          ))}
        {step === 2 && (
          <TopicsPicker
            submitLabel={t('profile.finish')}
            onSaved={() => {
              toast({ type: 'success', title: t('profile.completed') });
              onFinished();
            }}
          />
        )}
      </Card>
    </div>
  );
}
