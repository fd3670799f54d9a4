-- The state index (the UI's state filter, bulk moves) leaves out created rows, which move on to
-- their follow-up at once (TRANSIENT_STATES in the schema): one index entry less per creation.
DROP INDEX `rows_state_source_row_idx`;--> statement-breakpoint
CREATE INDEX `rows_state_source_row_idx` ON `rows` (`job_id`,`state`,`source_row`) WHERE state NOT IN ('created');