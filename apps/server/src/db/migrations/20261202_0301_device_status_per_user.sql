-- A device's row belongs to the user whose work it counts (the report names the signed-in user's waiting and
-- set-aside changes, and a shared handheld keeps each user's apart): one row per device and user. Keyed by the
-- device alone, any signed-in user who knew a device id moved another firma's device, with the work still
-- waiting on it, out of that firma's device list by reporting it.
alter table device_status drop constraint device_status_pkey;
alter table device_status add primary key (device_id, user_id);
