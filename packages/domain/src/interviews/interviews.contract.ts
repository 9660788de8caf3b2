import { z } from 'zod';
import { INTRO_VIDEO } from '../assets/assets.constants.ts';
import { FreeTimeSchema } from '../availability/availability.contract.ts';
import { Id, IdParam, IdParams, textInt } from '../common/ids.ts';
import { PageQuery, pageOf, SearchText } from '../common/paging.ts';
import { defineRoute } from '../contract/define-route.ts';
import { LessonStart } from '../lessons/lessons.contract.ts';
import { SessionStatusSchema } from '../sessions/sessions.schemas.ts';
import { ROLE_GROUPS } from '../users/roles.ts';
import { TutorMetaSchema } from '../users/users.contract.ts';
import { EnglishLevelSchema, GenderSchema } from '../users/users.enums.ts';
import { INTERVIEW_FEEDBACK_MAX_LENGTH, INTERVIEW_NOTE_MAX_LENGTH } from './interviews.constants.ts';
import { InterviewStatusSchema, IntroVideoStatusSchema } from './interviews.enums.ts';
import { ONBOARDING_STEPS, OnboardingStepSchema } from './interviews.steps.ts';

/** Someone an onboarding object names: the applicant, the interviewer, the reviewer. */
export const PersonSchema = z.object({ id: z.number().int(), name: z.string(), image: z.string().nullable() });
export type Person = z.infer<typeof PersonSchema>;

export const IntroVideoSchema = z.object({
  id: z.number().int(),
  tutor: PersonSchema,
  /** Where the browser plays it (served with range requests). */
  url: z.string(),
  mimeType: z.string(),
  durationSeconds: z.number().int(),
  status: IntroVideoStatusSchema,
  reviewNote: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  /** A rejected video may be replaced from here. */
  reapplyAt: z.string().nullable(),
  createdAt: z.string(),
});
export type IntroVideo = z.infer<typeof IntroVideoSchema>;

const Feedback = z.string().trim().min(1, 'required').max(INTERVIEW_FEEDBACK_MAX_LENGTH, 'text-too-long');
const Note = z.string().trim().max(INTERVIEW_NOTE_MAX_LENGTH, 'text-too-long');
/** Why an intro video is rejected: the applicant receives it. */
export const IntroVideoRejectReason = Feedback;

export const ReviewIntroVideoInput = z.discriminatedUnion('status', [
  z.strictObject({ status: z.literal('accepted') }),
  z.strictObject({ status: z.literal('rejected'), reason: IntroVideoRejectReason }),
]);
export type ReviewIntroVideoInput = z.infer<typeof ReviewIntroVideoInput>;

/** A video the browser is about to send straight to object storage: what it declares before sending. */
export const IntroVideoUploadInput = z.strictObject({
  contentType: z.string().regex(/^video\/[\w.+-]{1,60}$/, 'invalid'),
  sizeBytes: z.number().int().min(1),
});
export type IntroVideoUploadInput = z.infer<typeof IntroVideoUploadInput>;

/** A presigned request: the browser sends the file with exactly these headers before `expiresAt`. */
export const DirectUploadSchema = z.object({
  method: z.literal('PUT'),
  url: z.string(),
  headers: z.record(z.string(), z.string()),
  /** Names the sent file when confirming it. */
  key: z.string(),
  expiresAt: z.string(),
});
export type DirectUpload = z.infer<typeof DirectUploadSchema>;

export const IntroVideoKeyInput = z.strictObject({ key: z.string().regex(/^[\w.-]{1,200}$/, 'invalid') });

export const IntroVideoListQuery = PageQuery.extend({
  status: IntroVideoStatusSchema.optional(),
  /** The applicant searched for (staff's review queue). */
  q: SearchText.optional(),
}).strict();
export type IntroVideoListQuery = z.infer<typeof IntroVideoListQuery>;

const AppointmentFields = {
  id: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** From when the two may join the call (the lessons' `sessionOpensMinutesBefore` setting before its start). */
  joinOpensAt: z.string(),
  /** The applicant tutor and the tutor manager who meets them. */
  applicant: PersonSchema,
  manager: PersonSchema,
  /** The applicant's intro video, for the manager to watch before the call. */
  introVideoUrl: z.string().nullable(),
  feedback: z.string().nullable(),
  note: z.string().nullable(),
  decidedBy: z.number().int().nullable(),
  decidedAt: z.string().nullable(),
  cancelledBy: z.number().int().nullable(),
  cancelledAt: z.string().nullable(),
  /** `interviewerDidNotAttend` when the manager never joined the call. */
  cancelReason: z.string().nullable(),
  createdAt: z.string(),
};

export const InterviewSchema = z.object({
  ...AppointmentFields,
  status: InterviewStatusSchema,
  level: EnglishLevelSchema.nullable(),
});
export type Interview = z.infer<typeof InterviewSchema>;

export const DemoSessionSchema = z.object({ ...AppointmentFields, status: SessionStatusSchema });
export type DemoSession = z.infer<typeof DemoSessionSchema>;

export const BookAppointmentInput = z.strictObject({ managerId: Id, startsAt: LessonStart });
export type BookAppointmentInput = z.infer<typeof BookAppointmentInput>;

const CancelAppointment = z.strictObject({ id: Id, action: z.literal('cancel') });
/** The manager's notes during the call, kept before the decision (never shown to the applicant). */
const KeepNotes = z.strictObject({ id: Id, action: z.literal('notes'), note: Note });
const Outcome = z.enum(['passed', 'rejected']);

/** PATCH (spec §7 gives no id in the path): cancel, keep notes, or record the outcome after the start. */
export const UpdateInterviewInput = z.discriminatedUnion('action', [
  CancelAppointment,
  KeepNotes,
  z.strictObject({
    id: Id,
    action: z.literal('decide'),
    outcome: Outcome,
    feedback: Feedback,
    note: Note.optional(),
    level: EnglishLevelSchema,
  }),
]);
export type UpdateInterviewInput = z.infer<typeof UpdateInterviewInput>;

export const UpdateDemoSessionInput = z.discriminatedUnion('action', [
  CancelAppointment,
  KeepNotes,
  z.strictObject({
    id: Id,
    action: z.literal('decide'),
    outcome: Outcome,
    feedback: Feedback.optional(),
    note: Note.optional(),
  }),
]);
export type UpdateDemoSessionInput = z.infer<typeof UpdateDemoSessionInput>;

/** Where an interview or a demo session stands; both number pending 1, passed 2, rejected 3, cancelled 4 and up. */
export const APPOINTMENT_STANDINGS = ['pending', 'passed', 'rejected', 'cancelled'] as const;
export type AppointmentStanding = (typeof APPOINTMENT_STANDINGS)[number];

/** Staff orders: the pending ones first (soonest first, then the others latest first), or all by time. */
export const APPOINTMENT_SORTS = ['pendingFirst', 'soonest', 'latest'] as const;
export type AppointmentSort = (typeof APPOINTMENT_SORTS)[number];

export const AppointmentListQuery = PageQuery.extend({
  /**
   * upcoming: pending, soonest first; past: the others, latest first; toDecide: pending ones that have started
   * (waiting for the manager's decision), soonest first; none: pending soonest first, then past.
   */
  when: z.enum(['upcoming', 'past', 'toDecide']).optional(),
  status: z.enum(APPOINTMENT_STANDINGS).optional(),
  /** The applicant searched for (staff lists). */
  q: SearchText.optional(),
  /** Staff lists; without it, `when` decides (see above). */
  sort: z.enum(APPOINTMENT_SORTS).optional(),
  /** One interviewer's (staff lists; a tutor manager only ever sees their own). */
  managerId: textInt(Id).optional(),
}).strict();
export type AppointmentListQuery = z.infer<typeof AppointmentListQuery>;

export const OnboardingSchema = z.object({
  steps: z.array(OnboardingStepSchema),
  /** The first step not done; null once the tutor is activated. */
  current: z.enum(ONBOARDING_STEPS).nullable(),
  introVideo: IntroVideoSchema.nullable(),
  interview: InterviewSchema.nullable(),
  demoSession: DemoSessionSchema.nullable(),
});
export type Onboarding = z.infer<typeof OnboardingSchema>;

export const INTERVIEWER_SELECT_MAX_DAYS = 14;
export const InterviewerSelectQuery = z.strictObject({
  days: z.coerce.number().int().min(1).max(INTERVIEWER_SELECT_MAX_DAYS).default(INTERVIEWER_SELECT_MAX_DAYS),
});
export const InterviewerSchema = z.object({ interviewer: PersonSchema, freeTimes: z.array(FreeTimeSchema) });
export type Interviewer = z.infer<typeof InterviewerSchema>;

export const PhotoSessionStatusSchema = z.enum(['pending', 'scheduled', 'done', 'cancelled']);
export const StudioTutorSchema = z.object({
  tutor: PersonSchema.extend({ email: z.string(), phone: z.string().nullable(), gender: GenderSchema.nullable() }),
  meta: TutorMetaSchema,
  photoSession: z.object({
    id: z.number().int(),
    status: PhotoSessionStatusSchema,
    createdAt: z.string(),
    completedAt: z.string().nullable(),
  }),
});
export type StudioTutor = z.infer<typeof StudioTutorSchema>;

export const StudioTutorsQuery = PageQuery.extend({
  status: z.enum(['waiting', 'done']).default('waiting'),
  /** The tutor searched for. */
  q: SearchText.optional(),
}).strict();
export type StudioTutorsQuery = z.infer<typeof StudioTutorsQuery>;
export const TutorIdParams = z.strictObject({ tutorId: IdParam });

export const ActivationInput = z
  .strictObject({ activated: z.boolean().optional(), bypassOnboarding: z.boolean().optional() })
  .refine((v) => v.activated !== undefined || v.bypassOnboarding !== undefined, 'required');
export type ActivationInput = z.infer<typeof ActivationInput>;

const managers = ROLE_GROUPS.interviewers;
const applicantsAndManagers = ['tutor', ...managers] as const;

/** INTRO VIDEO calls of spec §7. */
export const introVideoContract = {
  list: defineRoute({
    method: 'GET',
    path: '/api/v1/intro-video/list',
    summary: "Intro videos: a tutor's own, or all of them for reviewers (pending first)",
    tags: ['intro-video'],
    auth: applicantsAndManagers,
    query: IntroVideoListQuery,
    response: pageOf(IntroVideoSchema),
    errors: [],
  }),
  upload: defineRoute({
    method: 'POST',
    path: '/api/v1/intro-video/with/asset',
    summary:
      'Send an intro video (MP4, WebM or H.264 QuickTime, 1 to 3 minutes measured from the file, at most 400 MB); ' +
      'a `duration` text part (the spec sends one) is accepted and ignored',
    tags: ['intro-video'],
    auth: ['tutor'],
    // The spec's client states the duration; the server measures it instead.
    multipart: { files: ['video'], ignoredFields: ['duration'], maxBytes: INTRO_VIDEO.maxBytes },
    response: IntroVideoSchema,
    status: 201,
    errors: [
      'large-file-size',
      'unsupported-file-type',
      'unreadable-video',
      'unplayable-video',
      'short-video-dur',
      'long-video-dur',
      'intro-video-exists',
      'onboarding-step-locked',
    ],
  }),
  uploadUrl: defineRoute({
    method: 'POST',
    path: '/api/v1/intro-video/upload-url',
    summary:
      'Where to send an intro video straight to object storage (deployments whose store takes direct uploads; else 404)',
    tags: ['intro-video'],
    auth: ['tutor'],
    body: IntroVideoUploadInput,
    response: DirectUploadSchema,
    errors: ['large-file-size', 'intro-video-exists', 'onboarding-step-locked', 'route-not-found'],
  }),
  confirmUpload: defineRoute({
    method: 'POST',
    path: '/api/v1/intro-video/with/key',
    summary: 'Record an intro video sent to object storage: its type, size and length are read from the stored file',
    tags: ['intro-video'],
    auth: ['tutor'],
    body: IntroVideoKeyInput,
    response: IntroVideoSchema,
    status: 201,
    errors: [
      'asset-not-found',
      'large-file-size',
      'unsupported-file-type',
      'unreadable-video',
      'unplayable-video',
      'short-video-dur',
      'long-video-dur',
      'intro-video-exists',
      'onboarding-step-locked',
    ],
  }),
  review: defineRoute({
    method: 'PUT',
    path: '/api/v1/intro-video/:id',
    summary: 'Accept or reject (with a reason) a pending intro video',
    tags: ['intro-video'],
    auth: managers,
    params: IdParams,
    body: ReviewIntroVideoInput,
    response: IntroVideoSchema,
    errors: ['intro-video-not-found', 'already-decided'],
  }),
} as const;

const appointmentErrors = [
  'onboarding-step-locked',
  'appointment-time-passed',
  'inactive-tutor-manager',
  'busy-tutor-manager',
  'user-not-found',
] as const;

/** What an applicant picks an interview from; the spec names it under USER and under INTERVIEW alike. */
const interviewTimes = {
  method: 'GET',
  summary: 'Active interviewers (tutor managers) with their free 30-minute times over the next days',
  auth: ['tutor', ...ROLE_GROUPS.admins],
  query: InterviewerSelectQuery,
  response: z.array(InterviewerSchema),
  errors: [],
} as const;

/** INTERVIEW calls of spec §7. */
export const interviewsContract = {
  select: defineRoute({ ...interviewTimes, path: '/api/v1/interview/select', tags: ['interview'] }),
  book: defineRoute({
    method: 'POST',
    path: '/api/v1/interview',
    summary: "Book a 30-minute interview in an interviewer's free time",
    tags: ['interview'],
    auth: ['tutor'],
    body: BookAppointmentInput,
    response: InterviewSchema,
    status: 201,
    errors: [...appointmentErrors, 'conflicting-interview'],
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/api/v1/interview',
    summary: "Cancel an interview, keep the interviewer's notes, or (after the start) record the outcome",
    tags: ['interview'],
    auth: applicantsAndManagers,
    body: UpdateInterviewInput,
    response: InterviewSchema,
    errors: ['interview-not-found', 'forbidden', 'already-decided', 'appointment-not-started'],
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/v1/interview/list/',
    summary: "The caller's interviews (as applicant or interviewer; admins: all), paged",
    tags: ['interview'],
    auth: applicantsAndManagers,
    query: AppointmentListQuery,
    response: pageOf(InterviewSchema),
    errors: [],
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/v1/interview/:id',
    summary: 'One interview (its two members and admins)',
    tags: ['interview'],
    auth: applicantsAndManagers,
    params: IdParams,
    response: InterviewSchema,
    errors: ['interview-not-found', 'forbidden'],
  }),
} as const;

/** DEMO SESSION calls of spec §7. */
export const demoSessionsContract = {
  book: defineRoute({
    method: 'POST',
    path: '/api/v1/demo-session',
    summary: "Book the 30-minute demo session with a tutor manager's free time (after passing the interview)",
    tags: ['demo-session'],
    auth: ['tutor'],
    body: BookAppointmentInput,
    response: DemoSessionSchema,
    status: 201,
    errors: [...appointmentErrors, 'demo-session-exists'],
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/api/v1/demo-session',
    summary: "Cancel a demo session, keep the manager's notes, or (after the start) record the outcome",
    tags: ['demo-session'],
    auth: applicantsAndManagers,
    body: UpdateDemoSessionInput,
    response: DemoSessionSchema,
    errors: ['demo-session-not-found', 'forbidden', 'already-decided', 'appointment-not-started'],
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/v1/demo-session/list',
    summary: "The caller's demo sessions (as tutor or manager; admins: all), paged",
    tags: ['demo-session'],
    auth: applicantsAndManagers,
    query: AppointmentListQuery,
    response: pageOf(DemoSessionSchema),
    errors: [],
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/v1/demo-session/:id',
    summary: 'One demo session (its two members and admins)',
    tags: ['demo-session'],
    auth: applicantsAndManagers,
    params: IdParams,
    response: DemoSessionSchema,
    errors: ['demo-session-not-found', 'forbidden'],
  }),
} as const;

/** USER calls of onboarding (spec §7: interviewer select, studio) and the admin's activation. */
export const onboardingContract = {
  status: defineRoute({
    method: 'GET',
    path: '/api/v1/user/tutor/onboarding',
    summary: "The signed-in tutor's onboarding steps, where they stand and the dates that matter",
    tags: ['user'],
    auth: ['tutor'],
    response: OnboardingSchema,
    errors: ['tutor-not-found'],
  }),
  interviewerSelect: defineRoute({ ...interviewTimes, path: '/api/v1/user/interviewer/select', tags: ['user'] }),
  studioTutors: defineRoute({
    method: 'GET',
    path: '/api/v1/user/tutor/all/for/studio',
    summary: 'Tutors waiting for their photo session (or done with it), oldest first',
    tags: ['user'],
    auth: ROLE_GROUPS.studioStaff,
    query: StudioTutorsQuery,
    response: pageOf(StudioTutorSchema),
    errors: [],
  }),
  studioTutor: defineRoute({
    method: 'GET',
    path: '/api/v1/user/tutor/:tutorId/for/studio',
    summary: 'One tutor of a photo session with their media',
    tags: ['user'],
    auth: ROLE_GROUPS.studioStaff,
    params: TutorIdParams,
    response: StudioTutorSchema,
    errors: ['tutor-not-found'],
  }),
  studioList: defineRoute({
    method: 'GET',
    path: '/api/v1/user/studio/list',
    summary: 'Studio staff accounts',
    tags: ['user'],
    auth: ROLE_GROUPS.admins,
    response: z.array(PersonSchema),
    errors: [],
  }),
  photoSessionDone: defineRoute({
    method: 'POST',
    path: '/api/v1/photo-session/:tutorId/done',
    summary: "Close a tutor's photo session once the photo, intro video and thumbnail are uploaded",
    tags: ['photo-session'],
    auth: ROLE_GROUPS.studioStaff,
    params: TutorIdParams,
    response: StudioTutorSchema,
    errors: ['tutor-not-found', 'media-incomplete', 'already-decided'],
  }),
  activation: defineRoute({
    method: 'PATCH',
    path: '/api/v1/user/tutor/:tutorId/activation',
    summary: 'Activate or deactivate a tutor by hand, or set the bypass-onboarding flag',
    tags: ['user'],
    auth: ROLE_GROUPS.admins,
    params: TutorIdParams,
    body: ActivationInput,
    response: TutorMetaSchema,
    errors: ['tutor-not-found'],
  }),
} as const;
