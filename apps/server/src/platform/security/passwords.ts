import { hash, verify } from '@node-rs/argon2';

/** argon2id at the library's defaults (~12 ms a hash on this hardware, see toolchain notes). */
export const hashPassword = (password: string): Promise<string> => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
