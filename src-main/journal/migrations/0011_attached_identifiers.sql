-- The ids attached after creation and what each came to; the due index takes in the
-- identifiers stage's queued and in-doubt states.
DROP INDEX `rows_due_idx`;--> statement-breakpoint
ALTER TABLE `rows` ADD `identifiers` text;--> statement-breakpoint
CREATE INDEX `rows_due_idx` ON `rows` (`job_id`,`state`,`next_attempt_at`) WHERE state IN ('valid', 'queued', 'in_doubt', 'accepted', 'pending', 'created', 'identifiers_queued', 'identifiers_in_doubt', 'screening_queued', 'screening_in_doubt', 'screening_requested', 'validation_queued', 'validation_in_doubt', 'validation_requested');