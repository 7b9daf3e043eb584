-- A capture line's batch/lot number (GS1 AI 10) and best-before date (GS1 AI 17), on Inventur and
-- Warenverprobung lines; null on every other line and on lines captured before.
alter table capture_line add column batch text;
alter table capture_line add column best_before date;
