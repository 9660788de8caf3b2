/** Arabic messages of the booking features (web and admin); keys start with 'booking.'. */
export const bookingAr = {} as const;
