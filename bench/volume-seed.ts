// The volume issue 14 measures on, added to the demo seed in a few set-based statements: 500 students, 50
// listed tutors with 2–5 topics and a week of free time, 2,000 past lessons of which 150 belong to one measured
// student, ~1,400 ratings (the tutors' rating sums kept in step) and the demo's 3 plans.
import { Role } from '@darsak/domain/users';
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/platform/db/client.ts';

export const VOLUME = { students: 500, listedTutors: 50, lessons: 2_000, studentLessons: 150, ratings: 1_400 };

const count = async (db: Db, query: ReturnType<typeof sql>) => {
  const { rows } = (await db.execute(query)) as unknown as { rows: { n: number }[] };
  return Number(rows[0]?.n ?? 0);
};

/** Adds the volume beside the demo seed; `measuredStudentId` gets 150 of the lessons. Answers what now exists. */
export async function seedVolume(db: Db, now: Date, measuredStudentId: number) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const listed = await count(
    db,
    sql`select count(*)::int as n from tutors t join users u on u.id = t.user_id
        where t.activated and u.role = ${Role.tutor} and u.disabled_at is null
          and u.email_verified_at is not null and u.phone_verified_at is not null`,
  );
  const newTutors = Math.max(0, VOLUME.listedTutors - listed);
  await db.execute(sql`
    with added as (
      insert into users (role, name, email, phone, governorate, birth_year, gender, notification_method,
                         email_verified_at, phone_verified_at)
      select ${Role.tutor}, 'Bench tutor ' || g, 'bench-tutor-' || g || '@bench.test', '0101' || lpad(g::text, 7, '0'),
             1 + g % 27, 1990, 'male', 'whatsapp', ${at}, ${at}
      from generate_series(1, ${newTutors}::int) g
      returning id)
    insert into tutors (user_id, activated, bio, about, notice_period_minutes)
    select id, true, 'Bench bio', 'Bench about', 30 from added`);
  const benchTutors = sql`(select id from users where email like 'bench-tutor-%')`;
  // 2–5 favourite topics each, and every day 08:00–20:00 free.
  await db.execute(sql`
    insert into user_topics (user_id, topic_id)
    select u.id, tp.id from ${benchTutors} u
    cross join lateral (select id from topics order by (id * 7 + u.id) % 13, id limit 2 + u.id % 4) tp`);
  await db.execute(sql`
    insert into availability_slots (tutor_id, weekday, start_minute, end_minute)
    select u.id, d, 480, 1200 from ${benchTutors} u cross join generate_series(0, 6) d`);

  await db.execute(sql`
    with added as (
      insert into users (role, name, email, governorate, birth_year, gender, email_verified_at)
      select ${Role.student}, 'Bench student ' || g, 'bench-student-' || g || '@bench.test', 1 + g % 27, 2000, 'female', ${at}
      from generate_series(1, ${VOLUME.students}::int) g
      returning id)
    insert into students (user_id, english_level) select id, 1 + id % 6 from added`);

  // Past, fulfilled lessons one hour apart (no two overlap), on the listed tutors in turn; the first 150 the
  // measured student's, the rest spread over the bench students.
  await db.execute(sql`
    with tutor as (select id, row_number() over (order by id) - 1 as i from users
                   where role = ${Role.tutor} and id in (select user_id from tutors where activated)),
         student as (select id, row_number() over (order by id) - 1 as i from users where email like 'bench-student-%'),
         slot as (select g, ${at} - (g + 1) * interval '1 hour' as starts from generate_series(0, ${VOLUME.lessons - 1}::int) g)
    insert into lessons (tutor_id, student_id, status, starts_at, ends_at, duration_minutes, price_piastres,
                         tutor_joined_at, student_joined_at, ended_at)
    select tutor.id,
           case when slot.g < ${VOLUME.studentLessons} then ${measuredStudentId} else student.id end,
           'fulfilled', slot.starts, slot.starts + interval '30 minutes', 30, 3000,
           slot.starts, slot.starts, slot.starts + interval '30 minutes'
    from slot
    join tutor on tutor.i = slot.g % (select count(*) from tutor)
    join student on student.i = slot.g % ${VOLUME.students}`);

  // Three ratings by each of the first 467 bench students, of three distinct tutors.
  await db.execute(sql`
    with tutor as (select id, row_number() over (order by id) - 1 as i from users
                   where role = ${Role.tutor} and id in (select user_id from tutors where activated)),
         student as (select id, row_number() over (order by id) - 1 as i from users where email like 'bench-student-%')
    insert into ratings (rater_id, ratee_id, value, text)
    select student.id, tutor.id, 1 + (student.i + j) % 5, case when j = 0 then 'Clear and patient.' end
    from student cross join generate_series(0, 2) j
    join tutor on tutor.i = (student.i + j * 17) % (select count(*) from tutor)
    where student.i < ${Math.ceil(VOLUME.ratings / 3)}`);
  await db.execute(sql`
    update tutors set rating_sum = r.sum, rating_count = r.n
    from (select ratee_id, sum(value)::int as sum, count(*)::int as n from ratings group by ratee_id) r
    where tutors.user_id = r.ratee_id`);

  return {
    listedTutors: listed + newTutors,
    students: await count(db, sql`select count(*)::int as n from students`),
    lessons: await count(db, sql`select count(*)::int as n from lessons`),
    ratings: await count(db, sql`select count(*)::int as n from ratings`),
    plans: await count(db, sql`select count(*)::int as n from plans`),
  };
}
