/**
 * Messages of field validation (spec §5 "field messages"). Schemas put the key in the issue's
 * `message`; clients and the server's `details.fields` turn it into text with these tables.
 */
export const FIELD_MESSAGES_AR = {
  required: 'هذا الحقل مطلوب.',
  invalid: 'القيمة غير صحيحة.',
  'password-length': 'يجب أن تتكوّن كلمة المرور من 8 إلى 50 حرفًا.',
  'password-needs-digit': 'يجب أن تحتوي كلمة المرور على رقم واحد على الأقل.',
  'password-needs-letter': 'يجب أن تحتوي كلمة المرور على حرف واحد على الأقل.',
  'password-no-spaces': 'لا يجوز أن تحتوي كلمة المرور على مسافات.',
  'passwords-mismatch': 'كلمتا المرور غير متطابقتين.',
  'email-invalid': 'البريد الإلكتروني غير صالح.',
  'phone-invalid': 'رقم الموبايل غير صالح، يجب أن يبدأ بـ 010 أو 011 أو 012 أو 015 ويتكوّن من 11 رقمًا.',
  'instapay-invalid': 'عنوان إنستاباي غير صالح، مثال: name@instapay.',
  'name-length': 'يجب أن يتكوّن الاسم من 2 إلى 60 حرفًا.',
  'name-letters-only': 'يجب أن يحتوي الاسم على حروف عربية أو إنجليزية ومسافات فقط.',
  'name-two-arabic-parts': 'يجب أن يكون الاسم بالعربية ويتكوّن من مقطعين على الأقل.',
  'text-too-short': 'يجب ألا يقل النص عن 5 أحرف.',
  'text-characters': 'يحتوي النص على رموز غير مسموح بها؛ اكتب حروفًا وأرقامًا وعلامات ترقيم فقط.',
  'arabic-text-mainly':
    'يجب أن يكون النص بالعربية في أغلبه. يمكنك ذكر أسماء الشهادات والاختبارات بالإنجليزية، مثل IELTS أو CELTA.',
  'text-too-long': 'النص أطول من المسموح به.',
  'birth-year-range': 'سنة الميلاد غير صحيحة، يجب أن يكون العمر بين 10 و100 سنة.',
  'verification-code-format': 'الكود يتكوّن من 5 أرقام.',
  'withdraw-amount-min': 'أقل مبلغ للسحب 100 جنيه.',
  'withdraw-amount-max': 'أقصى مبلغ للسحب 50000 جنيه.',
  'withdraw-amount-precision': 'المبلغ يقبل قرشين عشريين على الأكثر.',
  'withdrawal-limits-crossed': 'لا يجوز أن يزيد الحد الأدنى للسحب على الحد الأقصى.',
  'account-number-invalid': 'رقم الحساب غير صالح.',
  'invoice-note-length': 'الملاحظة يجب أن تكون بين 1 و500 حرف.',
  'notice-period-range': 'مدة الإشعار غير صحيحة.',
  'notice-period-max': 'مدة الإشعار أطول من الحد الأقصى المسموح به.',
  'notice-period-default-above-max': 'لا يجوز أن تزيد مهلة الحجز المبدئية على الحد الأقصى.',
  'no-show-grace-above-max-drop': 'لا يجوز أن تزيد مهلة انتظار المعلّم على أطول انقطاع في الدرس.',
  'rating-value-range': 'التقييم من 1 إلى 5.',
  'rating-text-length': 'نص التقييم أطول من المسموح به.',
  'slot-step': 'اختر أوقاتًا على رأس كل ربع ساعة (مثل 10:00 أو 10:15).',
  'slot-range': 'يجب أن يكون وقت النهاية بعد وقت البداية.',
  'slot-overlap': 'هذه الفترة تتداخل مع فترة أخرى في اليوم نفسه.',
  'lesson-lengths-required': 'اختر مدة واحدة على الأقل للحصص.',
  'lesson-lengths-duplicate': 'اختر كل مدة مرة واحدة فقط.',
  'lesson-start-step': 'يبدأ الدرس على رأس ربع ساعة.',
  'contact-title-length': 'العنوان يجب أن يكون بين 3 و100 حرف.',
  'contact-message-length': 'الرسالة يجب أن تكون بين 10 و2000 حرف.',
  'topic-name-length': 'اسم الموضوع يجب أن يكون بين 2 و60 حرفًا.',
  'topic-name-script': 'اكتب اسم الموضوع العربي بالعربية والإنجليزي بالإنجليزية.',
  'favourite-topics-max': 'يمكنك اختيار 10 مواضيع مفضّلة على الأكثر.',
  'image-too-small': 'الصورة صغيرة جدًا، استخدم صورة لا تقل عن 100×100 بكسل (ويُفضَّل 480×480).',
  'url-invalid': 'الرابط غير صالح.',
  'google-client-id-invalid': 'معرّف عميل جوجل غير صالح.',
  'analytics-id-invalid': 'معرّف التحليلات غير صالح.',
  'session-recording-id-invalid': 'معرّف تسجيل الجلسات غير صالح.',
  'plan-weekly-minutes-range': 'الدقائق الأسبوعية للباقة من 1 إلى 10080 دقيقة.',
  'plan-price-range': 'السعر غير صحيح.',
  'plan-discount-range': 'الخصم نسبة من 0 إلى 100.',
  'coupon-code-format': 'كود الخصم من 3 إلى 32 حرفًا إنجليزيًا أو رقمًا أو - أو _.',
  'coupon-zero-discount': 'حدّد خصمًا واحدًا أكبر من صفر: نسبة أو مبلغ.',
  'coupon-max-discount': 'الحد الأقصى للخصم يُستخدم مع الخصم بالنسبة فقط ويجب أن يكون أكبر من صفر.',
  'coupon-expiry-past': 'تاريخ انتهاء الكود يجب أن يكون في المستقبل.',
  'coupon-used-up': 'استُخدم هذا الكود بعدد المرات المسموح به، فلم يعد متاحًا.',
  'coupon-no-discount': 'هذا الكود لا يخفّض شيئًا من سعر هذه الباقة بهذه المدة، فلم يُطبَّق.',
  'idempotency-key-format': 'مفتاح العملية من 8 إلى 200 حرف إنجليزي أو رقم أو - _ . :',
  'cvv-format': 'رمز التحقق من البطاقة (CVV) 3 أو 4 أرقام.',
  'reason-length': 'اكتب السبب في 3 إلى 500 حرف.',
  'student-only': 'هذا الخيار للطلاب فقط.',
} as const;

export type FieldMessageKey = keyof typeof FIELD_MESSAGES_AR;

export const FIELD_MESSAGE_KEYS = Object.keys(FIELD_MESSAGES_AR) as FieldMessageKey[];

export const isFieldMessageKey = (value: unknown): value is FieldMessageKey =>
  typeof value === 'string' && Object.hasOwn(FIELD_MESSAGES_AR, value);
