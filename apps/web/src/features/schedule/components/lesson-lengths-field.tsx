import { sortedLessonLengths } from '@darsak/domain/availability';
import { SESSION_LENGTHS, type SessionLength } from '@darsak/domain/sessions';
import { Card, ChipCheckbox, cn, Fieldset } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';

const HINT_ID = 'lesson-lengths-hint';
const ERROR_ID = 'lesson-lengths-error';

/**
 * "مدة الحصص": the lesson lengths the tutor teaches, as checkbox chips (native inputs, so Space toggles and
 * screen readers say "checked"). Unticking both is allowed here; the schedule's schema refuses it on save and
 * the message is read with the group.
 */
export function LessonLengthsField({
  value,
  onChange,
  error,
}: {
  value: readonly SessionLength[];
  onChange: (lengths: SessionLength[]) => void;
  /** The translated error, if any. */
  error?: string | undefined;
}) {
  const { t, format } = useI18n();
  const toggle = (length: SessionLength, on: boolean) =>
    onChange(sortedLessonLengths(on ? [...value, length] : value.filter((l) => l !== length)));
  return (
    <Card level={3} className={cn('p-4 sm:p-4', error && 'border-red-500')}>
      <Fieldset
        legend={<span className="text-lg font-bold">{t('booking.slots.lengths')}</span>}
        aria-describedby={error ? `${HINT_ID} ${ERROR_ID}` : HINT_ID}
      >
        <p id={HINT_ID} className="text-sm text-muted">
          {t('booking.slots.lengthsHint')}
        </p>
        <div className="flex flex-wrap gap-2">
          {SESSION_LENGTHS.map((length) => (
            <ChipCheckbox
              key={length}
              name="lessonLengths"
              value={length}
              label={format.minutes(length)}
              checked={value.includes(length)}
              aria-invalid={error ? true : undefined}
              onChange={(event) => toggle(length, event.target.checked)}
            />
          ))}
        </div>
        {error && (
          <p id={ERROR_ID} className="text-sm font-medium text-red-700">
            {error}
          </p>
        )}
      </Fieldset>
    </Card>
  );
}
