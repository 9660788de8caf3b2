import type { TutorMeta, User } from '@darsak/domain/users';
import { Card, Stepper, useToast } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { useState } from 'react';
import { MainInfoForm } from './main-info-form.tsx';
import { StudentAboutFormCard } from './student-about-form.tsx';
import { TopicsPicker } from './topics-picker.tsx';
import { TutorBioFormCard } from './tutor-bio-form.tsx';

/** The complete-profile stepper of spec §2: main info, bio, favourite topics. Each step saves on its own. */
export function CompleteProfileStepper({
  user,
  meta,
  tutor,
  onFinished,
}: {
  user: User;
  meta: TutorMeta | null;
  tutor: boolean;
  onFinished: () => void;
}) {
  const t = useT();
  const { toast } = useToast();
  const [step, setStep] = useState(0);
  const steps = [t('profile.steps.main'), t('profile.steps.bio'), t('profile.steps.topics')];
  const next = () => setStep((value) => value + 1);

  return (
    <div className="flex flex-col gap-6">
      <Stepper steps={steps} current={step} />
      <Card title={steps[step]} level={2}>
        {step === 0 && <MainInfoForm user={user} submitLabel={t('profile.saveAndNext')} onSaved={next} />}
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
      {step > 0 && (
        <button
          type="button"
          onClick={() => setStep((value) => value - 1)}
          className="self-start text-sm font-semibold text-primary-700 hover:underline"
        >
          {t('common.back')}
        </button>
      )}
    </div>
  );
}
