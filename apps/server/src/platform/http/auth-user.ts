import type { RoleId } from '@darsak/domain/users';

/** The signed-in caller, as every service receives it. */
export interface AuthUser {
  id: number;
  role: RoleId;
  sessionId: string;
}

/** Turns a bearer token into its user; implemented by the auth module. */
export interface Authenticator {
  authenticate(token: string): Promise<AuthUser>;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}
