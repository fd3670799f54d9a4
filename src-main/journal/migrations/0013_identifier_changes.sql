-- Identifier changes (an identifiers job): the due index takes in the idchange stage's queued
-- and in-doubt states, and its queue leaves the state index like the other write queues.
DROP INDEX `rows_due_idx`;--> statement-breakpoint
DROP INDEX `rows_state_source_row_idx`;--> statement-breakpoint
CREATE INDEX `rows_due_idx` ON `rows` (`job_id`,`state`,`next_attempt_at`) WHERE state IN ('valid', 'queued', 'in_doubt', 'accepted', 'pending', 'created', 'identifiers_queued', 'identifiers_in_doubt', 'screening_queued', 'screening_in_doubt', 'screening_requested', 'validation_queued', 'validation_in_doubt', 'validation_requested', 'deactivate_queued', 'deactivate_in_doubt', 'idchange_queued', 'idchange_in_doubt');--> statement-breakpoint
CREATE INDEX `rows_state_source_row_idx` ON `rows` (`job_id`,`state`,`source_row`) WHERE state NOT IN ('queued', 'screening_queued', 'validation_queued', 'deactivate_queued', 'idchange_queued', 'created', 'accepted', 'pending');