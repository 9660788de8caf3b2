import {
  type AppointmentListQuery,
  demoSessionsContract,
  interviewsContract,
  introVideoContract,
  onboardingContract,
  type UpdateDemoSessionInput,
  type UpdateInterviewInput,
} from '@darsak/domain/interviews';
import { queryOptions } from '@tanstack/react-query';
import type { HttpClient } from '../http.ts';

export type AppointmentKind = 'interview' | 'demoSession';
const CONTRACTS = { interview: interviewsContract, demoSession: demoSessionsContract } as const;

export const onboardingKeys = {
  all: ['onboarding'] as const,
  status: () => [...onboardingKeys.all, 'status'] as const,
  interviewers: () => [...onboardingKeys.all, 'interviewers'] as const,
  appointments: (kind: AppointmentKind) => [...onboardingKeys.all, kind] as const,
  appointmentList: (kind: AppointmentKind, when: AppointmentListQuery['when']) =>
    [...onboardingKeys.appointments(kind), 'list', when ?? 'all'] as const,
  appointment: (kind: AppointmentKind, id: number) => [...onboardingKeys.appointments(kind), 'detail', id] as const,
  introVideos: (status?: string) => [...onboardingKeys.all, 'intro-videos', status ?? 'all'] as const,
  studio: () => [...onboardingKeys.all, 'studio'] as const,
  studioTutors: (status: 'waiting' | 'done') => [...onboardingKeys.studio(), 'list', status] as const,
  studioTutor: (tutorId: number) => [...onboardingKeys.studio(), 'tutor', tutorId] as const,
};

/** The signed-in tutor's onboarding steps. */
export const onboardingStatusQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: onboardingKeys.status(),
    queryFn: ({ signal }) => http.callRoute(onboardingContract.status, { signal }),
  });

/** Interviewers with their free 30-minute times over the next two weeks. */
export const interviewersQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: onboardingKeys.interviewers(),
    queryFn: ({ signal }) => http.callRoute(onboardingContract.interviewerSelect, { query: {}, signal }),
  });

/** The caller's interviews or demo sessions (the first 100: a manager's week fits). */
export const appointmentsQuery = (http: HttpClient, kind: AppointmentKind, when: AppointmentListQuery['when']) =>
  queryOptions({
    queryKey: onboardingKeys.appointmentList(kind, when),
    queryFn: ({ signal }) => http.callRoute(CONTRACTS[kind].list, { query: { when, size: 100 }, signal }),
  });

export const appointmentQuery = (http: HttpClient, kind: AppointmentKind, id: number) =>
  queryOptions({
    queryKey: onboardingKeys.appointment(kind, id),
    queryFn: ({ signal }) => http.callRoute(CONTRACTS[kind].get, { params: { id }, signal }),
  });

/** Intro videos for review (pending first), the first 100. */
export const introVideosQuery = (http: HttpClient, status?: 'pending' | 'accepted' | 'rejected') =>
  queryOptions({
    queryKey: onboardingKeys.introVideos(status),
    queryFn: ({ signal }) => http.callRoute(introVideoContract.list, { query: { status, size: 100 }, signal }),
  });

export const studioTutorsQuery = (http: HttpClient, status: 'waiting' | 'done') =>
  queryOptions({
    queryKey: onboardingKeys.studioTutors(status),
    queryFn: ({ signal }) => http.callRoute(onboardingContract.studioTutors, { query: { status, size: 100 }, signal }),
  });

export const studioTutorQuery = (http: HttpClient, tutorId: number) =>
  queryOptions({
    queryKey: onboardingKeys.studioTutor(tutorId),
    queryFn: ({ signal }) => http.callRoute(onboardingContract.studioTutor, { params: { tutorId }, signal }),
  });

/** PATCH one interview or demo session: cancel, keep the manager's notes, or decide. */
export const updateAppointment = (
  http: HttpClient,
  kind: AppointmentKind,
  body: UpdateInterviewInput | UpdateDemoSessionInput,
) =>
  kind === 'interview'
    ? http.callRoute(interviewsContract.update, { body: body as UpdateInterviewInput })
    : http.callRoute(demoSessionsContract.update, { body: body as UpdateDemoSessionInput });
