import { PLATFORM_SETTINGS_DEFAULTS, type PlatformSettings } from '@darsak/domain/settings';
import { Role } from '@darsak/domain/users';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { renderAdmin, staffUser } from '../../testing/render-admin.tsx';
import { type Handlers, stubApi as stubApiAs } from '../../testing/stub-api.ts';

// the first screen of a file loads its lazy route cold
configure({ asyncUtilTimeout: 5000 });

const admin = staffUser(Role.admin);
const stubApi = (handlers: Handlers) => stubApiAs(admin, handlers);

/** The API's settings, changed by each PATCH as the server would. */
function settingsApi(extra: Handlers = {}) {
  let values: PlatformSettings = PLATFORM_SETTINGS_DEFAULTS;
  return stubApi({
    'GET /api/v1/platform-settings': () => ({ body: { values, defaults: PLATFORM_SETTINGS_DEFAULTS } }),
    'PATCH /api/v1/platform-settings': (body) => {
      const { verification, ...rest } = body as Partial<PlatformSettings>;
      values = { ...values, ...rest, verification: { ...values.verification, ...verification } };
      return { body: { values, defaults: PLATFORM_SETTINGS_DEFAULTS } };
    },
    ...extra,
  });
}

afterEach(() => {
  authStore.reset();
  vi.unstubAllGlobals();
});

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
async function retype(user: ReturnType<typeof userEvent.setup>, label: RegExp, text: string) {
  await user.clear(field(label));
  await user.type(field(label), text);
}

describe('admin /platform-settings', { timeout: 20_000 }, () => {
  it('shows every setting grouped with its unit, bounds and default; money in EGP', async () => {
    settingsApi();
    renderAdmin('/platform-settings', admin);
    expect(await screen.findByRole('heading', { name: 'الحصص' }, { timeout: 5000 })).toBeTruthy();
    for (const group of ['المال والاسترداد', 'الاشتراكات', 'أكواد التحقق', 'حدود الدخول', 'الذاكرة المؤقتة']) {
      expect(screen.getByRole('heading', { name: group })).toBeTruthy();
    }
    expect(field(/^مهلة الإلغاء \(بالساعات\)/).value).toBe('6');
    expect(field(/^فترة السماح بالإلغاء بعد الحجز المتأخر \(بالدقائق\)/).value).toBe('10');
    expect(screen.getByText(/من ٠ إلى ٦٠، الافتراضي ١٠ دقائق/)).toBeTruthy();
    expect(field(/^أجر المعلّم للدقيقة \(جنيه للدقيقة\)/).value).toBe('2.50');
    expect(field(/^المحاولات الخاطئة/).value).toBe('5');
    expect(field(/^الحد الأدنى للسحب \(جنيه\)/).value).toBe('100.00');
    expect(field(/^الحد الأقصى للسحب \(جنيه\)/).value).toBe('50000.00');
    expect(field(/^الحد الأقصى لمهلة الحجز \(بالدقائق\)/).value).toBe('2880');
    expect(field(/^فتح غرفة الدرس قبل بدايته \(بالدقائق\)/).value).toBe('10');
    expect(screen.getByText(/يستطيع الطرفان دخول الدرس أو المقابلة أو الحصة التجريبية/)).toBeTruthy();
    expect(field(/^طلبات الدخول في الدقيقة \(عدد الطلبات\)/).value).toBe('10');
    expect(field(/^التخمينات الخاطئة للحساب \(عدد المحاولات\)/).value).toBe('10');
    expect(field(/^مدة عدّ التخمينات \(بالدقائق\)/).value).toBe('10');
    expect(field(/^مدة التجربة المجانية \(بالأسابيع\)/).value).toBe('0');
    expect(screen.getByText(/و٠ تجعلها مفتوحة بلا تاريخ انتهاء/)).toBeTruthy();
    expect(screen.getByText(/من ٠ إلى ٥٢، الافتراضي ٠ أسبوع/)).toBeTruthy();
    expect(screen.getByText(/من ٠ إلى ٧٢، الافتراضي ٦ ساعات/)).toBeTruthy();
  });

  it('refuses a value out of bounds on its field, sending nothing', async () => {
    const calls = settingsApi();
    const user = userEvent.setup();
    renderAdmin('/platform-settings', admin);
    await screen.findByRole('heading', { name: 'الحصص' }, { timeout: 5000 });
    await retype(user, /^مهلة الإلغاء/, '100');
    await retype(user, /^أجر المعلّم للدقيقة/, '2.555');
    await user.click(screen.getByRole('button', { name: 'مراجعة التغييرات' }));
    expect(await screen.findByText('أدخل رقمًا صحيحًا من ٠ إلى ٧٢.')).toBeTruthy();
    expect(screen.getByText(/أدخل مبلغًا بالجنيه/)).toBeTruthy();
    expect(field(/^مهلة الإلغاء/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('refuses a minimum withdrawal above the maximum on both fields, sending nothing', async () => {
    const calls = settingsApi();
    const user = userEvent.setup();
    renderAdmin('/platform-settings', admin);
    await screen.findByRole('heading', { name: 'الحصص' }, { timeout: 5000 });
    await retype(user, /^الحد الأدنى للسحب/, '600');
    await retype(user, /^الحد الأقصى للسحب/, '500.50');
    await user.click(screen.getByRole('button', { name: 'مراجعة التغييرات' }));
    expect(await screen.findAllByText('لا يجوز أن يزيد الحد الأدنى للسحب على الحد الأقصى.')).toHaveLength(2);
    expect(field(/^الحد الأقصى للسحب/).getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('names each change before → after, saves only those after the confirmation, and says it saved', async () => {
    const calls = settingsApi();
    const user = userEvent.setup();
    renderAdmin('/platform-settings', admin);
    await screen.findByRole('heading', { name: 'الحصص' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'مراجعة التغييرات' }));
    expect(await screen.findByText('لم يتغيّر أي إعداد.')).toBeTruthy();

    await retype(user, /^مهلة الإلغاء/, '12');
    await retype(user, /^أجر المعلّم للدقيقة/, '3');
    await retype(user, /^المحاولات الخاطئة/, '3');
    await user.click(screen.getByRole('button', { name: 'مراجعة التغييرات' }));
    const dialog = await screen.findByRole('dialog', { name: 'حفظ الإعدادات؟' });
    const items = within(dialog)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toHaveLength(3);
    expect(items[0]).toMatch(/مهلة الإلغاء: ٦ ساعات.*١٢ ساعة/);
    expect(items[1]).toMatch(/أجر المعلّم للدقيقة: .*٢٫٥٠.*٣٫٠٠/);
    expect(items[2]).toMatch(/المحاولات الخاطئة: ٥ محاولات.*٣ محاولات/);
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText(/آخر حفظ:/)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      cancellationWindowHours: 12,
      tutorRatePerMinutePiastres: 300,
      verification: { maxWrongTries: 3 },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(field(/^مهلة الإلغاء/).value).toBe('12');
  });

  it('offers the lesson lengths as checkboxes: at least one, and a change is named and saved as the set', async () => {
    const calls = settingsApi();
    const user = userEvent.setup();
    renderAdmin('/platform-settings', admin);
    await screen.findByRole('heading', { name: 'الحصص' }, { timeout: 5000 });
    const lengths = screen.getByRole('group', { name: 'مدد الدروس المتاحة' });
    const [short, long] = ['١٥ دقيقة', '٣٠ دقيقة'].map(
      (name) => within(lengths).getByRole('checkbox', { name }) as HTMLInputElement,
    );
    expect([short?.checked, long?.checked]).toEqual([true, true]);
    expect(within(lengths).getByText(/الافتراضي: ١٥ دقيقة و\s?٣٠ دقيقة/)).toBeTruthy();

    await user.click(short as HTMLInputElement);
    await user.click(long as HTMLInputElement);
    await user.click(screen.getByRole('button', { name: 'مراجعة التغييرات' }));
    expect(await within(lengths).findByText('اختر مدة واحدة على الأقل للحصص.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(long as HTMLInputElement);
    await user.click(screen.getByRole('button', { name: 'مراجعة التغييرات' }));
    const dialog = await screen.findByRole('dialog', { name: 'حفظ الإعدادات؟' });
    expect(within(dialog).getByRole('listitem').textContent).toMatch(
      /مدد الدروس المتاحة: ١٥ دقيقة و\s?٣٠ دقيقة.*٣٠ دقيقة$/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText(/آخر حفظ:/)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ lessonLengthsOffered: [30] });
    await waitFor(() => expect(short?.checked).toBe(false));
  });

  it('shows a refusal of the server on the field it names', async () => {
    settingsApi({
      'PATCH /api/v1/platform-settings': () => ({
        status: 400,
        body: { code: 'bad-request', message: '', details: { fields: { 'verification.maxCodesPerHour': 'too_big' } } },
      }),
    });
    const user = userEvent.setup();
    renderAdmin('/platform-settings', admin);
    await screen.findByRole('heading', { name: 'الحصص' }, { timeout: 5000 });
    await retype(user, /^الأكواد في الساعة/, '7');
    await user.click(screen.getByRole('button', { name: 'مراجعة التغييرات' }));
    const dialog = await screen.findByRole('dialog', { name: 'حفظ الإعدادات؟' });
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText('أدخل رقمًا صحيحًا من ١ إلى ٦٠.')).toBeTruthy();
    expect(field(/^الأكواد في الساعة/).getAttribute('aria-invalid')).toBe('true');
  });

  it('lists the caches and flushes them after a confirmation', async () => {
    const calls = settingsApi({
      'DELETE /api/v1/cache/flush': () => ({
        body: { flushed: ['tutorList', 'freeTimes', 'platformSettings', 'planList', 'topics'] },
      }),
    });
    const user = userEvent.setup();
    renderAdmin('/platform-settings', admin);
    await screen.findByRole('heading', { name: 'الذاكرة المؤقتة' }, { timeout: 5000 });
    for (const cache of ['قائمة المعلّمين', 'أوقات المعلّمين المتاحة', 'إعدادات المنصة']) {
      expect(screen.getByText(cache, { selector: 'p' })).toBeTruthy();
    }
    await user.click(screen.getByRole('button', { name: 'مسح الذاكرة المؤقتة' }));
    const dialog = await screen.findByRole('dialog', { name: 'مسح الذاكرة المؤقتة؟' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'مسح الذاكرة المؤقتة' }));
    expect(await screen.findByText('مُسحت الذاكرة المؤقتة.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE' && c.path === '/api/v1/cache/flush')).toHaveLength(1);
  });

  it('says when the settings cannot be loaded, and offers to try again', async () => {
    stubApi({ 'GET /api/v1/platform-settings': () => ({ status: 500, body: { code: 'unexpected', message: '' } }) });
    renderAdmin('/platform-settings', admin);
    expect(await screen.findByText('تعذّر تحميل الإعدادات.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'إعادة المحاولة' })).toBeTruthy();
  });
});
