import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { auditContract } from '@darsak/domain/audit';
import { authContract } from '@darsak/domain/auth';
import { availabilityContract } from '@darsak/domain/availability';
import { cacheContract } from '@darsak/domain/cache';
import { chatContract } from '@darsak/domain/chat';
import { configContract } from '@darsak/domain/config';
import { contactContract } from '@darsak/domain/contact';
import { defineRoute, type RouteContract } from '@darsak/domain/contract';
import {
  demoSessionsContract,
  interviewsContract,
  introVideoContract,
  onboardingContract,
} from '@darsak/domain/interviews';
import { invitesContract } from '@darsak/domain/invites';
import { invoicesContract, withdrawMethodsContract } from '@darsak/domain/invoices';
import { lessonsContract, staffLessonsContract } from '@darsak/domain/lessons';
import { notificationsContract, pushContract } from '@darsak/domain/notifications';
import { overviewContract } from '@darsak/domain/overview';
import { paymentsContract, transactionsContract } from '@darsak/domain/payments';
import { couponsContract, planInvitesContract, plansContract } from '@darsak/domain/plans';
import { ratingsContract } from '@darsak/domain/ratings';
import { reportsContract } from '@darsak/domain/reports';
import { serverStatsContract } from '@darsak/domain/server-stats';
import { sessionsContract } from '@darsak/domain/sessions';
import { platformSettingsContract } from '@darsak/domain/settings';
import { studentsContract } from '@darsak/domain/students';
import { subscriptionsContract } from '@darsak/domain/subscriptions';
import { telegramContract } from '@darsak/domain/telegram';
import { topicsContract } from '@darsak/domain/topics';
import { staffTutorsContract, tutorsContract } from '@darsak/domain/tutors';
import { usersContract } from '@darsak/domain/users';
import { verificationContract } from '@darsak/domain/verification';
import { z } from 'zod';

const FileName = z.strictObject({ name: z.string().max(200) });

/**
 * Files are streamed by plain routes of the assets module, not JSON contracts; described here as contracts so
 * that both harnesses cover them like the rest.
 */
const filesRoutes = {
  upload: defineRoute({
    method: 'GET',
    path: '/assets/uploads/:name',
    summary: 'A public file (pictures, tutor media)',
    tags: ['asset'],
    auth: 'public',
    params: FileName,
    response: z.unknown(),
    errors: ['asset-not-found'],
  }),
  receipt: defineRoute({
    method: 'GET',
    path: '/assets/receipts/:name',
    summary: 'A receipt (its owner and staff only)',
    tags: ['asset'],
    auth: 'signedIn',
    params: FileName,
    response: z.unknown(),
    errors: ['asset-not-found', 'forbidden'],
  }),
};

/**
 * Every module's route contracts, for the access matrix and the bad-input harness. A new `<module>Contract` in
 * `@darsak/domain` is added here; the access matrix fails while the API publishes a route this list lacks.
 */
export const CONTRACTS: Record<string, Record<string, RouteContract>> = {
  audit: auditContract,
  auth: authContract,
  availability: availabilityContract,
  cache: cacheContract,
  chat: chatContract,
  config: configContract,
  contact: contactContract,
  coupons: couponsContract,
  demoSessions: demoSessionsContract,
  files: filesRoutes,
  interviews: interviewsContract,
  introVideo: introVideoContract,
  invoices: invoicesContract,
  invites: invitesContract,
  lessons: lessonsContract,
  notifications: notificationsContract,
  push: pushContract,
  onboarding: onboardingContract,
  overview: overviewContract,
  payments: paymentsContract,
  planInvites: planInvitesContract,
  platformSettings: platformSettingsContract,
  plans: plansContract,
  ratings: ratingsContract,
  reports: reportsContract,
  serverStats: serverStatsContract,
  sessions: sessionsContract,
  staffTutors: staffTutorsContract,
  staffLessons: staffLessonsContract,
  students: studentsContract,
  subscriptions: subscriptionsContract,
  telegram: telegramContract,
  topics: topicsContract,
  transactions: transactionsContract,
  tutors: tutorsContract,
  users: usersContract,
  verification: verificationContract,
  withdrawMethods: withdrawMethodsContract,
};

export interface RegisteredRoute {
  /** `users.get` */
  name: string;
  /** `GET /api/v1/user/:id` */
  key: string;
  contract: RouteContract;
}

export const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

export const REGISTERED_ROUTES: RegisteredRoute[] = Object.entries(CONTRACTS).flatMap(([module, routes]) =>
  Object.entries(routes).map(([name, contract]) => ({
    name: `${module}.${name}`,
    key: routeKey(contract.method, contract.path),
    contract,
  })),
);

const byKey = new Map(REGISTERED_ROUTES.map((route) => [route.key, route]));

export const registeredRoute = (key: string): RegisteredRoute | undefined => byKey.get(key);

const isRouteContract = (value: unknown): value is RouteContract =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'auth' in value;

/** Route keys of every `*Contract` object exported by a `@darsak/domain/<folder>` index. */
export async function domainRouteKeys(): Promise<string[]> {
  const root = fileURLToPath(new URL('../../../../packages/domain/src/', import.meta.url));
  const keys: string[] = [];
  for (const folder of readdirSync(root)) {
    const index = join(root, folder, 'index.ts');
    if (!existsSync(index)) continue;
    const exports: Record<string, unknown> = await import(index);
    for (const [name, value] of Object.entries(exports)) {
      if (!name.endsWith('Contract') || typeof value !== 'object' || value === null) continue;
      for (const route of Object.values(value)) {
        if (isRouteContract(route)) keys.push(routeKey(route.method, route.path));
      }
    }
  }
  return keys;
}
