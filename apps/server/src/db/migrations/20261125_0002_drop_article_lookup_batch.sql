-- The lookup by code runs its batch statement itself (modules/article-info/article-lookup.repository.ts) on
-- connections that force generic plans (db/generic-plans.ts): the plpgsql wrapper doubled the statement's
-- cost on PostgreSQL (0.20 against 0.09 ms for 25 scans, 1,000,000 articles).
drop function article_lookup_batch(integer[], integer[], integer[], text[], integer[], integer[], integer[], text[]);
