export * from './coupon-code.ts';
export * from './coupons.machine.ts';
export * from './coupons.schemas.ts';
export * from './plans.contract.ts';
export * from './plans.enums.ts';
export * from './plans.schemas.ts';
export * from './pricing.ts';
