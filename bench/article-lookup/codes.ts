import { sql } from 'kysely';
import { openDatabase } from '../../apps/server/src/db/database';

export interface CodeMix {
  paths: string[];
  counts: { ean13: number; caseCode: number; articleNumber: number };
}

/**
 * A realistic scan mix over articles spread across the whole assortment of vkforg 11: 60 % item EAN-13,
 * 20 % case codes (GTIN-14), 20 % typed article numbers; shuffled with a fixed seed.
 */
export async function sampleCodes(
  options: { databaseUrl?: string; dataDir?: string },
  articles: number,
): Promise<CodeMix> {
  const database = await openDatabase(options);
  const step = Math.max(1, Math.floor(articles / 1500));
  const { rows } = await sql<{ number: string; gtin14: string; code_type: string }>`
    select a.number, c.gtin14, c.code_type
      from article_listing l
      join article a on a.id = l.article_id
      join article_code c on c.article_id = a.id and c.firma_id = a.firma_id
     where l.vkforg_id = 11 and l.article_id % ${step} = 0 and c.code_type in ('ean13', 'gtin14')
     order by l.article_id`.execute(database.db);
  await database.close();
  const ean13 = rows.filter((r) => r.code_type === 'ean13').map((r) => r.gtin14.slice(1));
  const caseCodes = rows.filter((r) => r.code_type === 'gtin14').map((r) => r.gtin14);
  const numbers = [...new Set(rows.map((r) => r.number))];
  const paths: string[] = [];
  for (let i = 0; paths.length < 5000 && i < 100_000; i++) {
    const pool = i % 5 < 3 ? ean13 : i % 5 === 3 ? caseCodes : numbers;
    const code = pool[(i * 7919) % Math.max(1, pool.length)];
    if (code) paths.push(`/api/v1/articles/lookup/${code}`);
  }
  let seed = 42;
  for (let i = paths.length - 1; i > 0; i--) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    const j = seed % (i + 1);
    [paths[i], paths[j]] = [paths[j] as string, paths[i] as string];
  }
  return { paths, counts: { ean13: ean13.length, caseCode: caseCodes.length, articleNumber: numbers.length } };
}
