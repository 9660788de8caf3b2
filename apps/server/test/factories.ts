import type { SignedIn } from '@darsak/domain/users';
import type { FastifyInstance } from 'fastify';

let counter = 0;

export const validPassword = 'secret123';

/** Registers through the real endpoint and returns the token and user. */
export async function registerUser(
  app: FastifyInstance,
  overrides: Partial<{ role: 'student' | 'tutor'; name: string; email: string; password: string; phone: string }> = {},
): Promise<SignedIn> {
  counter += 1;
  const role = overrides.role ?? 'student';
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/user/',
    payload: {
      role,
      name: role === 'tutor' ? 'أحمد محمود' : 'Sara Ali',
      email: `user${counter}-${Date.now()}@example.com`,
      password: validPassword,
      ...overrides,
    },
  });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return response.json() as SignedIn;
}
