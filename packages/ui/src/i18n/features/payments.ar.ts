/** Arabic messages of the payments features (web and admin); keys start with 'payments.'. */
export const paymentsAr = {} as const;
