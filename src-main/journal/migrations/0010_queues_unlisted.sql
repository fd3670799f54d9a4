-- The write queues leave the state index too (UNLISTED_STATES in the schema): a row leaves its
-- queue with its intent, which then writes no entry of the index for it; the engine reads the
-- queues through the due index.
DROP INDEX `rows_state_source_row_idx`;--> statement-breakpoint
CREATE INDEX `rows_state_source_row_idx` ON `rows` (`job_id`,`state`,`source_row`) WHERE state NOT IN ('queued', 'screening_queued', 'validation_queued', 'created', 'accepted', 'pending');