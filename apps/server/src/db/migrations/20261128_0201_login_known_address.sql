-- Addresses an account has signed in from (an IPv6 address by its /64), with the last success: the hourly
-- cap on an account's failed logins holds for every other address, so guesses spread over many addresses
-- check no more passwords than the cap, while the user's own devices keep their normal allowance.
create table login_known_address (
  account_key text not null,
  address text not null,
  last_success_at timestamptz not null default now(),
  primary key (account_key, address)
);
