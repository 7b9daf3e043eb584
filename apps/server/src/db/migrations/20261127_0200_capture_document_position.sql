-- Where an export was made (spec §3 geo position: gpslaenge, gpsbreite, gpshoehe, genauigkeit, genauigkeithoehe,
-- richtung, geschwindigkeit), when the module config records it and the device knew; null otherwise.
alter table capture_document add column position jsonb;
