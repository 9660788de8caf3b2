ALTER TABLE "lessons" DROP CONSTRAINT "lessons_status_check";--> statement-breakpoint
ALTER TABLE "lessons" DROP CONSTRAINT "lessons_cancelled_check";--> statement-breakpoint
-- An admin's cancellation was stored as the tutor's with the reason 'staff': it becomes the admin's own status.
UPDATE "lessons" SET "status" = 'cancelledByAdmin', "cancel_reason" = NULL
WHERE "status" = 'cancelledByTutor' AND "cancel_reason" = 'staff';--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_status_check" CHECK ("lessons"."status" in ('pending', 'happening', 'fulfilled', 'cancelledByStudent', 'cancelledByTutor', 'cancelledByAdmin'));--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_cancelled_check" CHECK (("lessons"."status" in ('cancelledByStudent', 'cancelledByTutor', 'cancelledByAdmin')) = ("lessons"."cancelled_at" is not null));--> statement-breakpoint
-- The calls of lessons that already ended take their outcome, as the lessons service now writes it
-- (lessonSessionStatus in packages/domain/src/lessons/lessons.outcome.ts: 2 held, 3 the student's side,
-- 5 the tutor's, 6 an admin's) and close when the lesson ended or was cancelled.
UPDATE "sessions" SET
  "status" = CASE
    WHEN "l"."status" = 'fulfilled' AND "l"."student_joined_at" IS NOT NULL THEN 2
    WHEN "l"."status" IN ('fulfilled', 'cancelledByStudent') THEN 3
    WHEN "l"."status" = 'cancelledByTutor' THEN 5
    ELSE 6
  END,
  "ended_at" = COALESCE("sessions"."ended_at", "l"."ended_at", "l"."cancelled_at", "l"."ends_at")
FROM "lessons" AS "l"
WHERE "sessions"."lesson_id" = "l"."id" AND "sessions"."status" = 1 AND "l"."status" NOT IN ('pending', 'happening');
