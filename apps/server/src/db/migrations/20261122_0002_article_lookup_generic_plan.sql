-- article_lookup() (migration 0010) was meant to plan once per connection, but PL/pgSQL's plan cache
-- kept choosing custom plans for it, so every scan was planned again: measured on PostgreSQL 15 with
-- 1,000,000 articles, planning 0.6 ms against 0.2–0.4 ms of execution. Its one query has the same best
-- plan for every code (index lookups by key), so the generic plan is forced.
alter function article_lookup(integer, integer, text[], text) set plan_cache_mode = force_generic_plan;
