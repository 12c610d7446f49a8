import 'server-only';
import NextAuth, { type DefaultSession } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import { z } from 'zod';
import { authConfig } from './auth.config';
import { importPendingAdmins } from '@/lib/auth/pending-admins';
import { findUser } from '@/lib/auth/users';
import { verifyPasswordOf } from '@/lib/auth/password';
import type { UserRole } from '@/lib/db/schema';

declare module 'next-auth' {
  interface User {
    role?: UserRole;
  }
  interface Session {
    user: { role?: UserRole; loginAt?: number } & DefaultSession['user'];
  }
}

declare module '@auth/core/jwt' {
  interface JWT {
    role?: UserRole;
    uid?: string;
    loginAt?: number;
  }
}

const credentialsSchema = z.object({ email: z.email(), password: z.string().min(1) });

export const { auth, signIn, signOut, handlers } = NextAuth({
  ...authConfig,
  providers: [
    Credentials({
      async authorize(raw) {
        const parsed = credentialsSchema.safeParse(raw);
        if (!parsed.success) return null;
        await importPendingAdmins();
        const found = await findUser(parsed.data.email);
        // A disabled person is checked like anyone else (same work), then refused.
        const user = found?.disabledAt === null ? found : undefined;
        if (!(await verifyPasswordOf(user, parsed.data.password)) || !user) return null;
        return { id: String(user.id), email: user.email, name: user.name, role: user.role };
      },
    }),
  ],
});
