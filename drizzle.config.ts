import { defineConfig } from 'drizzle-kit';

// The dashboard's one schema; `npm run db:generate` writes the next migration beside the others.
export default defineConfig({
  dialect: 'postgresql',
  schema: './lib/db/schema.ts',
  out: './lib/db/migrations',
});
