-- Row counts per job and state. State changes and deletes are counted by triggers, so no update
-- can make the counts drift; inserts are counted by the journal's addRows, once per batch in the
-- same transaction (a per-row insert trigger costs more than the rest of an import together).
-- Rows that exist before this migration are counted afresh here.
DELETE FROM `job_row_counts`;
--> statement-breakpoint
INSERT INTO `job_row_counts` (`job_id`, `state`, `count`)
SELECT `job_id`, `state`, count(*) FROM `rows` GROUP BY `job_id`, `state`;
--> statement-breakpoint
CREATE TRIGGER `rows_count_update` AFTER UPDATE OF `state` ON `rows`
WHEN old.`state` IS NOT new.`state`
BEGIN
	UPDATE `job_row_counts` SET `count` = `count` - 1
	WHERE `job_id` = old.`job_id` AND `state` = old.`state`;
	INSERT INTO `job_row_counts` (`job_id`, `state`, `count`) VALUES (new.`job_id`, new.`state`, 1)
	ON CONFLICT (`job_id`, `state`) DO UPDATE SET `count` = `count` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `rows_count_delete` AFTER DELETE ON `rows`
BEGIN
	UPDATE `job_row_counts` SET `count` = `count` - 1
	WHERE `job_id` = old.`job_id` AND `state` = old.`state`;
END;
--> statement-breakpoint
-- The event log is append-only: no update ever, and no delete while its job exists (deleting a
-- whole job cascades to its events).
CREATE TRIGGER `row_events_no_update` BEFORE UPDATE ON `row_events`
BEGIN
	SELECT RAISE(ABORT, 'row_events is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `row_events_no_delete` BEFORE DELETE ON `row_events`
WHEN EXISTS (SELECT 1 FROM `jobs` WHERE `id` = old.`job_id`)
BEGIN
	SELECT RAISE(ABORT, 'row_events is append-only');
END;
