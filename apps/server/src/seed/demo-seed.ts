import { Role, type RoleId, type RoleName } from '@darsak/domain/users';
import { sql } from 'drizzle-orm';
import { students, tutors, users } from '../modules/users/users.table.ts';
import type { Db } from '../platform/db/client.ts';
import { hashPassword } from '../platform/security/passwords.ts';

/** The shared password of the local demo accounts (local mode only; printed at start). */
export const DEMO_PASSWORD = 'Darsak2026';

export interface DemoSignIn {
  role: RoleName;
  email: string;
  password: string;
}

const DEMO_STAFF: { role: RoleName; name: string; email: string }[] = [
  { role: 'superAdmin', name: 'مدير النظام', email: 'superadmin@darsak.local' },
  { role: 'admin', name: 'مشرف المنصة', email: 'admin@darsak.local' },
  { role: 'tutorManager', name: 'منى عبد الرحمن', email: 'manager@darsak.local' },
  { role: 'studio', name: 'استوديو درسك', email: 'studio@darsak.local' },
  { role: 'tutor', name: 'أحمد حسن', email: 'tutor@darsak.local' },
  { role: 'student', name: 'سارة علي', email: 'student@darsak.local' },
];

/** Seeds the demo data set once (first start on an empty database); later starts only list the sign-ins. */
export async function seedDemoData(db: Db, now: Date): Promise<DemoSignIn[]> {
  const signIns = DEMO_STAFF.map(({ role, email }) => ({ role, email, password: DEMO_PASSWORD }));
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return signIns;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    for (const account of DEMO_STAFF) {
      const role: RoleId = Role[account.role];
      const [row] = await tx
        .insert(users)
        .values({
          role,
          name: account.name,
          email: account.email,
          passwordHash,
          phone: '01000000000',
          governorate: 1,
          birthYear: 1995,
          gender: 'female',
          notificationMethod: 'whatsapp',
          emailVerifiedAt: now,
          phoneVerifiedAt: now,
        })
        .returning({ id: users.id });
      if (!row) continue;
      if (role === Role.tutor || role === Role.tutorManager)
        await tx.insert(tutors).values({ userId: row.id, activated: true });
      if (role === Role.student) await tx.insert(students).values({ userId: row.id, englishLevel: 2 });
    }
  });
  return signIns;
}
