-- Trusted reporters (issue 30 point 5; docs/decisions/058).
-- When two trusted reporters report one member for scam or spam within a day, the member's new
-- conversations pause until a moderator decides. The pause is a moderation case of kind 'pause'
-- (the staff queue lists it) with an automated decision 'pause' (the statement of reasons the
-- member sees and may appeal); it is in force while that case is open. One open pause per member,
-- made by the database: ten reports at once write one.
CREATE UNIQUE INDEX moderation_cases_one_open_pause ON moderation_cases (subject_member_id)
  WHERE kind = 'pause' AND state = 'open';
-- A reporter's dismissed reports (a reporter with one in the last 90 days is not trusted).
CREATE INDEX moderation_cases_reporter ON moderation_cases (reporter_id, state, updated_at)
  WHERE reporter_id IS NOT NULL;
