-- The state index (the UI's state filter, bulk moves) leaves out the states a row passes through
-- in a moment (TRANSIENT_STATES in the schema): one index entry less written per transition.
DROP INDEX `rows_state_source_row_idx`;--> statement-breakpoint
CREATE INDEX `rows_state_source_row_idx` ON `rows` (`job_id`,`state`,`source_row`) WHERE state NOT IN ('sending', 'screening_sending', 'validation_sending', 'created');