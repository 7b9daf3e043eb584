-- The context (account, vkforg, firma) a session works in. Each device chooses its own, so switching the store
-- on the phone does not move the handheld. Null means the user's last choice (app_user's columns), which a new
-- login starts with; a switch writes it into every other session still following it first (user.service.ts).
alter table session
  add column account_id integer references account(id),
  add column vkforg_id integer references vkforg(id),
  add column firma_id integer references firma(id);
