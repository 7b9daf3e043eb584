import path from 'node:path';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default(path.resolve(process.cwd(), 'data')),
  DATABASE_URL: z.string().optional(),
  /** Public origin used for links in mails; never taken from a request's Host header. */
  PUBLIC_URL: z.string().url().default('http://localhost:8080'),
  /** Set when TLS terminates in front of us or here: cookies get __Host- and Secure, HSTS is sent. */
  HTTPS: bool.default(false),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(12),
  SESSION_REMEMBER_DAYS: z.coerce.number().positive().default(30),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('MDE <noreply@mde.local>'),
  WEB_DIST: z.string().optional(),
  SEED_ARTICLES: z.coerce.number().int().min(0).default(5000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});
export type Env = z.infer<typeof envSchema>;

/** The one place that reads process.env (STYLE.md). */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  return envSchema.parse(source);
}
