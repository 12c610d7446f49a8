import 'server-only';
import NextAuth, { type DefaultSession } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import { z } from 'zod';
import { authConfig } from './auth.config';
import { attemptSignIn } from '@/lib/auth/sign-in-attempt';
import { clientAddress } from '@/lib/http/client-address';
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
      async authorize(raw, request) {
        const parsed = credentialsSchema.safeParse(raw);
        if (!parsed.success) return null;
        const user = await attemptSignIn(parsed.data.email, parsed.data.password, clientAddress(request.headers));
        if (!user) return null;
        return { id: String(user.id), email: user.email, name: user.name, role: user.role };
      },
    }),
  ],
});
