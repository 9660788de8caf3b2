/** A link inside text or beside an alert's words (sign in instead, see your payments): the product's one look for it. */
export const textLinkClasses = 'font-semibold text-primary-700 hover:underline';
