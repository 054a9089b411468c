import { runCommand } from '../../src/commands.js';
import type { TestContext } from './app.js';

/**
 * Runs the command line (`npm run <command> -- …`) against the test app's database, as an operator
 * on the same installation would: its DATABASE_URL (the test's schema on PostgreSQL) and `env`.
 */
export async function runCommandOn(ctx: TestContext, argv: string[], env: Record<string, string> = {}) {
  const saved = { ...process.env };
  if (ctx.config.database.dialect === 'sqlite') process.env.DATABASE_URL = `sqlite:${ctx.config.database.file}`;
  else {
    const url = new URL(ctx.config.database.url);
    url.searchParams.set('options', `-c search_path=${ctx.config.database.schema}`);
    process.env.DATABASE_URL = url.toString();
  }
  Object.assign(process.env, env);
  try {
    return await runCommand(argv);
  } finally {
    process.env = saved;
  }
}
