import {
  demoSessionsContract,
  interviewsContract,
  introVideoContract,
  onboardingContract,
} from '@darsak/domain/interviews';
import type { FastifyPluginAsync } from 'fastify';
import { bindContract } from '../../platform/http/bind-contract.ts';
import { incomingFiles, registerUploads } from '../../platform/http/uploads.ts';
import type { OnboardingService } from './onboarding.service.ts';

export const onboardingRoutes: FastifyPluginAsync<{ onboarding: OnboardingService }> = async (app, { onboarding }) => {
  // The upload route passes its own limits to incomingFiles (400 MB, one file).
  await registerUploads(app);

  const video = introVideoContract;
  bindContract(app, video.list, ({ user, query }) => onboarding.listIntroVideos(user, query));
  bindContract(app, video.upload, ({ user, raw }) =>
    onboarding.uploadIntroVideo(user, incomingFiles(raw, video.upload.multipart)),
  );
  bindContract(app, video.uploadUrl, ({ user, body }) => onboarding.introVideoUploadTarget(user, body));
  bindContract(app, video.confirmUpload, ({ user, body }) => onboarding.confirmIntroVideo(user, body.key));
  bindContract(app, video.review, ({ user, params, body }) => onboarding.reviewIntroVideo(user, params.id, body));

  const interview = interviewsContract;
  bindContract(app, interview.select, ({ query }) => onboarding.interviewerSelect(query.days));
  bindContract(app, interview.book, ({ user, body }) => onboarding.bookInterview(user, body));
  bindContract(app, interview.update, ({ user, body }) => onboarding.updateInterview(user, body));
  bindContract(app, interview.list, ({ user, query }) => onboarding.listInterviews(user, query));
  bindContract(app, interview.get, ({ user, params }) => onboarding.getInterview(user, params.id));

  const demo = demoSessionsContract;
  bindContract(app, demo.book, ({ user, body }) => onboarding.bookDemoSession(user, body));
  bindContract(app, demo.update, ({ user, body }) => onboarding.updateDemoSession(user, body));
  bindContract(app, demo.list, ({ user, query }) => onboarding.listDemoSessions(user, query));
  bindContract(app, demo.get, ({ user, params }) => onboarding.getDemoSession(user, params.id));

  const steps = onboardingContract;
  bindContract(app, steps.status, ({ user }) => onboarding.status(user));
  bindContract(app, steps.interviewerSelect, ({ query }) => onboarding.interviewerSelect(query.days));
  bindContract(app, steps.studioTutors, ({ query }) => onboarding.studioTutors(query));
  bindContract(app, steps.studioTutor, ({ params }) => onboarding.studioTutor(params.tutorId));
  bindContract(app, steps.studioList, () => onboarding.studioList());
  bindContract(app, steps.photoSessionDone, ({ user, params }) => onboarding.photoSessionDone(user, params.tutorId));
  bindContract(app, steps.activation, ({ user, params, body }) => onboarding.setActivation(user, params.tutorId, body));
};
