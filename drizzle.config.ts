// drizzle-kit turns the journal schema into SQL migrations (`npm run db:generate`); the app
// applies them at start-up (src-main/journal/migrate.ts).
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  schema: './src-main/journal/schema.ts',
  out: './src-main/journal/migrations',
});
