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
  'arabic-text-required': 'يجب أن يكون النص بالعربية ولا يقل عن 5 أحرف.',
  'text-too-long': 'النص أطول من المسموح به.',
  'birth-year-range': 'سنة الميلاد غير صحيحة، يجب أن يكون العمر بين 10 و100 سنة.',
  'verification-code-format': 'الكود يتكوّن من 5 أرقام.',
  'withdraw-amount-min': 'أقل مبلغ للسحب 100 جنيه.',
  'withdraw-amount-max': 'أقصى مبلغ للسحب 50000 جنيه.',
  'withdraw-amount-precision': 'المبلغ يقبل قرشين عشريين على الأكثر.',
  'account-number-invalid': 'رقم الحساب غير صالح.',
  'invoice-note-length': 'الملاحظة يجب أن تكون بين 1 و500 حرف.',
  'notice-period-range': 'مدة الإشعار غير صحيحة.',
  'notice-period-max': 'مدة الإشعار أطول من الحد الأقصى (يومان).',
  'rating-value-range': 'التقييم من 1 إلى 5.',
  'rating-text-length': 'نص التقييم أطول من المسموح به.',
  'contact-title-length': 'العنوان يجب أن يكون بين 3 و100 حرف.',
  'contact-message-length': 'الرسالة يجب أن تكون بين 10 و2000 حرف.',
  'topic-name-length': 'اسم الموضوع يجب أن يكون بين 2 و60 حرفًا.',
  'topic-name-script': 'اكتب اسم الموضوع العربي بالعربية والإنجليزي بالإنجليزية.',
  'url-invalid': 'الرابط غير صالح.',
  'google-client-id-invalid': 'معرّف عميل جوجل غير صالح.',
  'analytics-id-invalid': 'معرّف التحليلات غير صالح.',
  'session-recording-id-invalid': 'معرّف تسجيل الجلسات غير صالح.',
} as const;

export type FieldMessageKey = keyof typeof FIELD_MESSAGES_AR;

export const FIELD_MESSAGES_EN: Record<FieldMessageKey, string> = {
  required: 'This field is required.',
  invalid: 'This value is not valid.',
  'password-length': 'The password must be 8 to 50 characters.',
  'password-needs-digit': 'The password needs at least one digit.',
  'password-needs-letter': 'The password needs at least one letter.',
  'password-no-spaces': 'The password may not contain spaces.',
  'passwords-mismatch': 'The passwords do not match.',
  'email-invalid': 'The e-mail address is not valid.',
  'phone-invalid': 'The mobile number is not valid: 11 digits starting 010, 011, 012 or 015.',
  'instapay-invalid': 'The Instapay address is not valid, e.g. name@instapay.',
  'name-length': 'The name must be 2 to 60 characters.',
  'name-letters-only': 'The name may contain only Arabic or English letters and spaces.',
  'name-two-arabic-parts': 'The name must be in Arabic with at least two parts.',
  'arabic-text-required': 'The text must be in Arabic, at least 5 characters.',
  'text-too-long': 'The text is longer than allowed.',
  'birth-year-range': 'The birth year is not valid: age must be between 10 and 100.',
  'verification-code-format': 'The code is 5 digits.',
  'withdraw-amount-min': 'The least you can withdraw is 100 EGP.',
  'withdraw-amount-max': 'The most you can withdraw is 50,000 EGP.',
  'withdraw-amount-precision': 'The amount may have at most two decimals.',
  'account-number-invalid': 'The account number is not valid.',
  'invoice-note-length': 'The note must be 1 to 500 characters.',
  'notice-period-range': 'The notice period is not valid.',
  'notice-period-max': 'The notice period is longer than the maximum (two days).',
  'rating-value-range': 'The rating is from 1 to 5.',
  'rating-text-length': 'The review text is longer than allowed.',
  'contact-title-length': 'The title must be 3 to 100 characters.',
  'contact-message-length': 'The message must be 10 to 2,000 characters.',
  'topic-name-length': 'A topic name must be 2 to 60 characters.',
  'topic-name-script': 'Write the Arabic name in Arabic and the English name in English.',
  'url-invalid': 'The link is not valid.',
  'google-client-id-invalid': 'The Google client id is not valid.',
  'analytics-id-invalid': 'The analytics id is not valid.',
  'session-recording-id-invalid': 'The session-recording id is not valid.',
};

export const FIELD_MESSAGE_KEYS = Object.keys(FIELD_MESSAGES_AR) as FieldMessageKey[];

export const isFieldMessageKey = (value: unknown): value is FieldMessageKey =>
  typeof value === 'string' && Object.hasOwn(FIELD_MESSAGES_AR, value);
