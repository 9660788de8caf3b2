// The contracts the apps' frames call on any page (the session's refresh, the user and a tutor's meta, the tour, the
// public configuration, logout). Never imported statically: `loadFrameContracts` fetches them with the first call
// that needs one, because their schemas bring zod, which the apps' entries would carry otherwise (issue 13).
export { authContract } from '@darsak/domain/auth';
export { configContract } from '@darsak/domain/config';
export { studentsContract } from '@darsak/domain/students';
export { usersContract } from '@darsak/domain/users';
