import { defineConfig } from "drizzle-kit";

// Migrations are generated from the schema and committed; they are applied at start-up
// (see packages/db/src/migrate.ts), never with `drizzle-kit push`.
export default defineConfig({
  dialect: "postgresql",
  schema: "./packages/db/src/schema/index.ts",
  out: "./packages/db/drizzle",
  casing: "snake_case",
});
