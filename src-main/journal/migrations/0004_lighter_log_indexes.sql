DROP INDEX `row_events_job_idx`;--> statement-breakpoint
DROP INDEX `send_log_sent_at_idx`;