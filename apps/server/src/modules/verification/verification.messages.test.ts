import { describe, expect, it } from 'vitest';
import { passwordCodeMessage, phoneCodeMessage } from './verification.messages.ts';

describe('verification messages', () => {
  it('keep the code in Western digits to type or paste, the rest in Arabic-Indic, worded for a woman', () => {
    const whatsapp = phoneCodeMessage({ name: 'منى', gender: 'female' }, '12345', 10);
    expect(whatsapp.text).toContain('12345');
    expect(whatsapp.text).toContain('صالح لمدة ١٠ دقائق');
    expect(whatsapp.text).toContain('لا تشاركيه');
    const reset = passwordCodeMessage({ name: 'منى', gender: 'female' }, '12345', 10);
    expect(reset.text).toContain('طلبتِ إعادة تعيين');
    expect(reset.text).toContain('إذا لم تطلبي ذلك فتجاهلي');
  });
});
