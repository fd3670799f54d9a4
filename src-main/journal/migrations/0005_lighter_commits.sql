-- Fewer pages per commit: the due index holds only rows that wait for a time (DUE_STATES in
-- the schema), and the event log and the send log lose AUTOINCREMENT (sqlite_sequence is no
-- longer written by every commit). Tables are copied, so no row or event is lost.
DROP INDEX `rows_due_idx`;--> statement-breakpoint
CREATE INDEX `rows_due_idx` ON `rows` (`job_id`,`state`,`next_attempt_at`) WHERE state IN ('valid', 'queued', 'in_doubt', 'accepted', 'pending', 'created', 'screening_queued', 'screening_in_doubt', 'screening_requested', 'validation_queued', 'validation_in_doubt', 'validation_requested');--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_row_events` (
	`id` integer PRIMARY KEY NOT NULL,
	`job_id` text NOT NULL,
	`row_id` integer,
	`at` integer NOT NULL,
	`kind` text NOT NULL,
	`detail` text NOT NULL,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`row_id`) REFERENCES `rows`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_row_events`("id", "job_id", "row_id", "at", "kind", "detail") SELECT "id", "job_id", "row_id", "at", "kind", "detail" FROM `row_events`;--> statement-breakpoint
DROP TABLE `row_events`;--> statement-breakpoint
ALTER TABLE `__new_row_events` RENAME TO `row_events`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `row_events_row_idx` ON `row_events` (`row_id`,`id`);--> statement-breakpoint
CREATE TABLE `__new_send_log` (
	`id` integer PRIMARY KEY NOT NULL,
	`connection_id` text NOT NULL,
	`group` text NOT NULL,
	`sent_at` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_send_log`("id", "connection_id", "group", "sent_at") SELECT "id", "connection_id", "group", "sent_at" FROM `send_log`;--> statement-breakpoint
DROP TABLE `send_log`;--> statement-breakpoint
ALTER TABLE `__new_send_log` RENAME TO `send_log`;--> statement-breakpoint
CREATE INDEX `send_log_window_idx` ON `send_log` (`connection_id`,`group`,`sent_at`);--> statement-breakpoint
-- The event log stays append-only: its triggers went with the table it was copied from.
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
--> statement-breakpoint
-- Neither table keeps its highest id in sqlite_sequence any more (one page less per commit).
DELETE FROM `sqlite_sequence` WHERE `name` IN ('row_events', 'send_log');
