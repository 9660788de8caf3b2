/** A withdrawal may never exceed what the tutor has available (balance minus reserved requests). */
export const withdrawalFitsBalance = (amountPiastres: number, availablePiastres: number): boolean =>
  amountPiastres > 0 && amountPiastres <= availablePiastres;
