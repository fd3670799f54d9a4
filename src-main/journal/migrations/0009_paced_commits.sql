-- Fewer pages per commit at the API's pace. The state index also leaves out `accepted` and
-- `pending` (UNLISTED_STATES in the schema), the creations tracked on the platform: a row enters
-- them with its answer and leaves them with a tracking round, and neither writes an entry of it.
DROP INDEX `rows_state_source_row_idx`;--> statement-breakpoint
CREATE INDEX `rows_state_source_row_idx` ON `rows` (`job_id`,`state`,`source_row`) WHERE state NOT IN ('created', 'accepted', 'pending');--> statement-breakpoint
-- A row's events are keyed by the row alone: job_id is kept for job-level events (row_id NULL)
-- only, instead of the job's UUID in every event. The table is copied, so no event is lost.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_row_events` (
	`id` integer PRIMARY KEY NOT NULL,
	`job_id` text,
	`row_id` integer,
	`at` integer NOT NULL,
	`kind` text NOT NULL,
	`detail` text NOT NULL,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`row_id`) REFERENCES `rows`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_row_events`("id", "job_id", "row_id", "at", "kind", "detail") SELECT "id", CASE WHEN "row_id" IS NULL THEN "job_id" END, "row_id", "at", "kind", "detail" FROM `row_events`;--> statement-breakpoint
DROP TABLE `row_events`;--> statement-breakpoint
ALTER TABLE `__new_row_events` RENAME TO `row_events`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `row_events_row_idx` ON `row_events` (`row_id`,`id`);--> statement-breakpoint
-- The event log stays append-only: no update ever, and no delete while its job (a job-level
-- event) or its row (a row's event) exists; deleting a job cascades to its rows and events.
CREATE TRIGGER `row_events_no_update` BEFORE UPDATE ON `row_events`
BEGIN
	SELECT RAISE(ABORT, 'row_events is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `row_events_no_delete` BEFORE DELETE ON `row_events`
WHEN EXISTS (SELECT 1 FROM `jobs` WHERE `id` = old.`job_id`)
	OR EXISTS (SELECT 1 FROM `rows` WHERE `id` = old.`row_id`)
BEGIN
	SELECT RAISE(ABORT, 'row_events is append-only');
END;
